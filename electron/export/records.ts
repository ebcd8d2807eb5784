// The records an export is asked to write come from the renderer (or a job's file): they are checked
// here, kind by kind, for the fields the writers read, before anything is written. A record of another
// shape is refused with the path of the field, instead of failing half-way through a file.
import { z } from 'zod';
import { validationError, type ParamIssue } from '../../shared/api/errors';

const text = z.string();
const id = z.string().min(1);
const maybeText = text.nullable().optional();
const maybeNumber = z.number().nullable().optional();
const maybeFlag = z.boolean().nullable().optional();
const list = <T extends z.ZodType>(item: T) => z.array(item).optional();

const mediaFile = z.looseObject({ url: text });
const user = z.looseObject({ id: text, username: maybeText, fullName: maybeText, avatarUrl: maybeText, isPrivate: maybeFlag, isVerified: maybeFlag });
const location = z.looseObject({ id: maybeText, name: maybeText, city: maybeText, lat: maybeNumber, lng: maybeNumber });
const caption = z.looseObject({ text: text.optional(), hashtags: list(text), mentions: list(text) });

const postFields = {
  id,
  mediaId: text,
  code: maybeText,
  mediaType: text.optional(),
  takenAt: maybeNumber,
  owner: user.nullable().optional(),
  caption: caption.nullable().optional(),
  images: list(mediaFile),
  videos: list(mediaFile),
  thumbnailUrl: maybeText,
  usertags: list(z.looseObject({ user })),
  coauthors: list(user),
  location: location.nullable().optional(),
  counts: z.looseObject({ likes: maybeNumber, comments: maybeNumber, plays: maybeNumber, views: maybeNumber, reshares: maybeNumber }).optional(),
  likesHidden: maybeFlag,
};
const carouselItem = z.looseObject(postFields);
const post = z.looseObject({ ...postFields, children: list(carouselItem) });

const story = z.looseObject({
  id,
  code: maybeText,
  owner: user.nullable().optional(),
  takenAt: maybeNumber,
  expiresAt: maybeNumber,
  mediaType: text.optional(),
  images: list(mediaFile),
  videos: list(mediaFile),
  thumbnailUrl: maybeText,
  mentions: list(z.looseObject({ user })),
  hashtags: list(z.looseObject({ name: text })),
  links: list(z.looseObject({ url: text })),
  locations: list(z.looseObject({ location })),
  stickers: list(z.looseObject({ type: maybeText })),
});

const commentFields = {
  id,
  postId: maybeText,
  parentId: maybeText,
  text: text.optional(),
  author: user.nullable().optional(),
  createdAt: maybeNumber,
  likeCount: maybeNumber,
  replyCount: maybeNumber,
  isPinned: maybeFlag,
};

const SCHEMAS: Record<string, z.ZodType> = {
  post,
  story,
  highlight: z.looseObject({ id, title: maybeText, items: list(story) }),
  comment: z.looseObject({ ...commentFields, previewReplies: list(z.looseObject(commentFields)) }),
  user,
  profile: user.extend({
    counts: z.looseObject({ media: maybeNumber, followers: maybeNumber, following: maybeNumber }).optional(),
    biography: maybeText,
    externalUrl: maybeText,
    category: maybeText,
  }),
  location: z.looseObject({ name: maybeText }),
  hashtag: z.looseObject({ name: text }),
  track: z.looseObject({ id }),
};

const MAX_ISSUES = 20;

/** Throws a validation error naming the first fields (`items.<n>.record.<field>`) the writers cannot use. */
export function checkExportRecords(items: readonly { record: { kind: string } }[]): void {
  const issues: ParamIssue[] = [];
  for (let i = 0; i < items.length && issues.length < MAX_ISSUES; i++) {
    const record = (items[i] as { record: { kind: string } }).record;
    const schema = SCHEMAS[record.kind];
    if (!schema) {
      issues.push({ param: `items.${i}.record.kind`, message: `Records of kind "${record.kind}" cannot be exported` });
      continue;
    }
    const checked = schema.safeParse(record);
    if (checked.success) continue;
    for (const issue of checked.error.issues.slice(0, MAX_ISSUES - issues.length)) {
      const where = issue.path.map(String).join('.');
      issues.push({ param: `items.${i}.record${where ? `.${where}` : ''}`, message: issue.message });
    }
  }
  if (issues.length > 0) throw validationError(issues);
}
