// Raw records of every family -> the app's records (shared/records.ts).
//
// The service answers the same things in several forms: v1 flat records, v2/g2/gql raw "dicts"
// (g2 with some keys type-prefixed, e.g. "1ltaken_at"), a2 GraphQL nodes. One function per record kind
// and form builds the app record; `normalizeRecord` picks the form from the raw's shape, and
// `normalizeAnswer`/`normalizeItems` apply the catalog's answer spec to a whole answer.
//
// Rules: never throw on a missing or odd field (null / empty instead); ids stay exact strings (answers
// are parsed with parseLossless, so big integers arrive as strings); times become epoch seconds.
//
// The builders live in ./normalize/ by record kind; this index keeps the public names in one place.
export { hasKey, isDict, readKey, toEpochSeconds, toId } from './normalize/read';
export { parseCaption } from './normalize/media';
export { aboutFrom, profileFromGraph, profileFromV1, profileFromV2, userFrom } from './normalize/users';
export { postFromGraph, postFromV1, postFromV2, timelineFromGraph } from './normalize/posts';
export { commentFrom } from './normalize/comments';
export { highlightFrom, storyFromV1, storyFromV2 } from './normalize/stories';
export { hashtagFrom, locationFrom, locationFromSearchItem } from './normalize/places-tags';
export { trackFromV1, trackFromV2 } from './normalize/tracks';
export { firstOfEach, MAPPED_KINDS, normalizeAnswer, normalizeItems, normalizeRecord, recordIdentity } from './normalize/dispatch';
