// The viewer's sticker panel: each sticker with what it says, from the normalised story and, for the
// stickers it keeps only by type, from production's raw v2 arrays (synthetic values here).
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer } from '../../../shared/api/normalize';
import type { AppRecord, Story } from '../../../shared/records';
import { stickerDetails } from '../../../renderer/src/screens/viewer/stickers';
import { loadAnswer } from '../shared/api/normalize/support';

function fixtureStory(): Story {
  const endpoint = findEndpoint('/v1/user/stories')!;
  return (normalizeAnswer(endpoint, loadAnswer('v1-user-stories.json')) as AppRecord[]).find((r): r is Story => r.kind === 'story')!;
}

describe('sticker details', () => {
  it('lists the mentions, links with their URLs, hashtags and places of a story', () => {
    const story = fixtureStory();
    const details = stickerDetails(story);
    expect(story.mentions.length + story.links.length + story.hashtags.length + story.locations.length).toBeGreaterThan(0);
    for (const m of story.mentions) expect(details).toContainEqual(expect.objectContaining({ kind: 'mention', title: `@${m.user.username}` }));
    for (const l of story.links) expect(details.find((d) => d.kind === 'link' && d.lines.includes(l.url))).toBeDefined();
    for (const h of story.hashtags) expect(details).toContainEqual(expect.objectContaining({ kind: 'hashtag', title: `#${h.name}` }));
    for (const l of story.locations) expect(details).toContainEqual(expect.objectContaining({ kind: 'location', title: l.location.name }));
  });

  it('reads polls with their options, questions and music from the raw v2 story, once each', () => {
    const base = fixtureStory();
    const story: Story = {
      ...base,
      mentions: [],
      links: [],
      hashtags: [],
      locations: [],
      stickers: [{ type: 'poll', x: 0.5, y: 0.5, width: 0.4, height: 0.2, rotation: 0 } as Story['stickers'][number]],
      raw: {
        story_polls: [{ poll_sticker: { question: 'Tea or coffee?', tallies: [{ text: 'Tea', count: 3 }, { text: 'Coffee', count: 5 }] } }],
        story_questions: [{ question_sticker: { question: 'Ask me anything' } }],
        story_music_stickers: [{ music_asset_info: { title: 'Night Drive', display_artist: 'The Synthetics' } }],
      },
    };
    expect(stickerDetails(story)).toEqual([
      { kind: 'poll', title: 'Poll', lines: ['Tea or coffee?', '1. Tea', '2. Coffee'] },
      { kind: 'question', title: 'Question', lines: ['Ask me anything'] },
      { kind: 'music', title: 'Music', lines: ['Night Drive · The Synthetics'] },
    ]);
  });

  it('names a sticker known only by its type', () => {
    const story: Story = { ...fixtureStory(), mentions: [], links: [], hashtags: [], locations: [], raw: {}, stickers: [{ type: 'emoji_slider', x: 0, y: 0, width: 0, height: 0 } as Story['stickers'][number]] };
    expect(stickerDetails(story)).toEqual([{ kind: 'sticker', title: 'Emoji slider', lines: [] }]);
  });
});
