// The id rules refuse no id production gives: every user, media, comment, highlight, place and track id
// and every post code in the recorded production answers (../shared/spec/recorded) passes the parameter
// it would be sent as. Skipped where the recorded answers are absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { validateParams } from '../../../../shared/api/params';
import { SHARED_SPEC_DIR } from './spec-docs';

const RECORDED = join(SHARED_SPEC_DIR, 'recorded');
const present = existsSync(RECORDED);

/** Which parameter a recorded field's value is sent as: [path, param, other required params]. */
type Use = [string, string, Record<string, string>?];
const USES: Readonly<Record<string, Use[]>> = {
  pk: [['/v1/user/by/id', 'id'], ['/v1/media/by/id', 'id']],
  id: [['/v1/media/by/id', 'id']],
  user_id: [['/v1/user/followers/chunk', 'user_id']],
  pk_id: [['/v1/user/followers/chunk', 'user_id']],
  media_id: [['/v1/media/insight', 'media_id']],
  comment_id: [['/v2/media/comments/replies', 'comment_id', { media_id: '1' }]],
  parent_comment_id: [['/v2/media/comments/replies', 'comment_id', { media_id: '1' }]],
  code: [['/v1/media/by/code', 'code'], ['/v2/media/info/by/code', 'code']],
  audio_cluster_id: [['/v2/track/by/canonical/id', 'canonical_id']],
  music_canonical_id: [['/v2/track/by/canonical/id', 'canonical_id']],
};

/** Values of the fields above in an answer; a place's pk is also a location_pk, a highlight id a highlight's. */
function collect(value: unknown, key: string, parent: string, out: { use: Use; value: string }[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, parent, out);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) collect(v, k, key, out);
    return;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return;
  const text = String(value);
  if (text === '' || text === '0') return;
  if (text.startsWith('highlight:')) {
    out.push({ use: ['/v2/highlight/by/id', 'id'], value: text });
    return;
  }
  // Ids of other things ('1331715915447731v', section ids) are not sent as these parameters.
  const idLike = key === 'code' ? /^[A-Za-z0-9_-]+$/ : /^\d+(_\d+)?$/;
  if (!idLike.test(text)) return;
  if (parent === 'location' && key === 'pk') out.push({ use: ['/v1/location/medias/recent/chunk', 'location_pk'], value: text });
  // A `<pk>_<owner>` id goes only where media ids do.
  for (const use of USES[key] ?? []) if (!text.includes('_') || takesMediaIds(use)) out.push({ use, value: text });
}

const takesMediaIds = ([path, param]: Use): boolean => findEndpoint(path)?.params.find((p) => p.name === param)?.rule === 'media_id';

describe('id rules against the recorded production answers', () => {
  it('accept every id and code production gave', (ctx) => {
    if (!present) ctx.skip(`no recorded answers in ${RECORDED}`);
    const found: { use: Use; value: string }[] = [];
    for (const name of readdirSync(RECORDED).filter((n) => n.endsWith('.json'))) {
      collect(JSON.parse(readFileSync(join(RECORDED, name), 'utf8')), '', '', found);
    }
    const refused = found.filter(({ use: [path, param, others], value }) => !validateParams(findEndpoint(path)!, { ...others, [param]: value }).ok);
    expect(refused).toEqual([]);
    // Every kind of id was met, so the check above covered them all.
    const met = new Set(found.map(({ use }) => `${use[0]} ${use[1]}`));
    expect(met.size).toBeGreaterThanOrEqual(9);
    expect(found.length).toBeGreaterThan(500);
  });
});
