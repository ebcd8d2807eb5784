// `npm run fidelity` (scripts/fidelity.ts) over a folder of answers in production's forms (synthetic, from
// test/fixtures/answers, named as ../shared/spec/recorded names them): what the core reads, the ids it
// would lose, the records it makes twice, and the simulator's share of the answers' key paths, apart for
// endpoints with a recorded answer and the others.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocsExamples } from '../../../../scripts/docs-examples';
import { endpointOfFile, idsNotIn, madeTwice, measureFidelity, report } from '../../../../scripts/fidelity';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { findEndpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import type { AppRecord } from '../../../../shared/records';

const FIXTURES = resolve(__dirname, '../../../fixtures/answers');
// A follower whose pk is over 2^53, written as production writes it (a bare integer).
const PK = '1234567890123456789';
const USER = `{"pk": ${PK}, "username": "amy.example", "full_name": "Amy", "is_private": false, "profile_pic_url": "https://x.invalid/a.jpg"}`;
let dir = '';
let recordedDir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-fidelity-'));
  recordedDir = join(dir, 'recorded');
  const answers = join(dir, 'answers');
  mkdirSync(recordedDir);
  mkdirSync(answers);
  copyFileSync(join(FIXTURES, 'v2-user-clips.json'), join(answers, 'v2_user_clips.json'));
  copyFileSync(join(FIXTURES, 'g2-user-medias.json'), join(answers, 'g2_user_medias.json'));
  copyFileSync(join(FIXTURES, 'v1-user-stories.json'), join(answers, 'v1_user_stories.json'));
  writeFileSync(join(answers, 'v1_user_by_id--cut.json'), '{"user": ');
  writeFileSync(join(answers, 'v9_nothing.json'), '{}');
  writeFileSync(join(answers, 'v1_user_followers_chunk.json'), `[[${USER}, ${USER}], null]`);
  // A search that found nothing: read, though it makes no record.
  writeFileSync(join(answers, 'v1_fbsearch_topsearch_hashtags.json'), '[]');
  // Only v1_user_stories has a "recorded" answer here.
  writeFileSync(join(recordedDir, 'v1_user_stories.json'), '[]');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run fidelity', () => {
  it('finds the endpoint by the recorded answers’ file names, a suffix after -- allowed', () => {
    expect(endpointOfFile('v1_user_by_id.json')?.path).toBe('/v1/user/by/id');
    expect(endpointOfFile('v1_user_by_id--2.json')?.path).toBe('/v1/user/by/id');
    expect(endpointOfFile('gql_user_medias.json')?.path).toBe('/gql/user/medias');
    expect(endpointOfFile('v9_nothing.json')).toBeUndefined();
  });

  it('reads each answer through the core, counts what it makes twice, and compares the simulator’s shape', async () => {
    const result = await measureFidelity(join(dir, 'answers'), recordedDir);
    const byFile = new Map(result.answers.map((a) => [a.file, a]));
    expect(result.unknown).toEqual(['v9_nothing.json']);
    for (const file of ['v2_user_clips.json', 'g2_user_medias.json', 'v1_user_stories.json']) {
      const a = byFile.get(file)!;
      expect({ file, read: a.read, lost: a.idsLost, twice: a.twice }).toEqual({ file, read: true, lost: [], twice: [] });
      expect(a.records).toBeGreaterThan(0);
      expect(a.shape!.total).toBeGreaterThan(10);
    }
    const cut = byFile.get('v1_user_by_id--cut.json')!;
    expect(cut.read).toBe(false);
    expect(cut.error).toMatch(/JSON/);
    expect(cut.shape).toBeNull();
    // The page repeats a follower: the core makes one record of it.
    expect(byFile.get('v1_user_followers_chunk.json')).toMatchObject({ records: 1, twice: [] });
    expect(byFile.get('v1_fbsearch_topsearch_hashtags.json')).toMatchObject({ read: true, records: 0, error: null });
    expect(result.answers.filter((a) => a.recorded).map((a) => a.file)).toEqual(['v1_user_stories.json']);

    const lines = report(result);
    expect(lines.at(-2)).toBe('fidelity: the core reads 5 of 6 answers, 0 ids lost, 0 records made twice');
    expect(lines.at(-1)).toMatch(/^fidelity: the simulator carries \d+\.\d % \(\d+ of \d+ over 1 answers\) of production's key paths on endpoints with a recorded answer, \d+\.\d % \(\d+ of \d+ over 4 answers; 1 not asked\) on the others$/);
  });

  it('takes the example answers of the documentation\'s reference pages, one file per endpoint as recorded answers are named', () => {
    const docs = join(dir, 'docs', 'v1');
    mkdirSync(docs, { recursive: true });
    const example = (body: string) => `<details>\n<summary>Example response</summary>\n\n\`\`\`json\n${body}\n\`\`\`\n\n</details>\n`;
    writeFileSync(join(docs, 'user.md'), [
      '# User Endpoints\n',
      '### GET /v1/user/by/id\n\nGet a user.\n\n```bash\ncurl ...\n```\n', example(`{"pk": ${PK}}`),
      '### GET /v1/user/about\n\nNo example here.\n',
      '### GET /v1/user/by/id\n', example('{"pk": 1}'),
    ].join('\n'));
    const out = join(dir, 'from-docs');
    expect(writeDocsExamples(join(dir, 'docs'), out)).toEqual(['v1_user_by_id.json', 'v1_user_by_id--2.json']);
    expect(readdirSync(out).sort()).toEqual(['v1_user_by_id--2.json', 'v1_user_by_id.json']);
    expect(readFileSync(join(out, 'v1_user_by_id.json'), 'utf8')).toBe(`{"pk": ${PK}}`);
  });

  it('counts a record made again with the kind and id of one before it as made twice', () => {
    const endpoint = findEndpoint('/v1/user/followers/chunk')!;
    const [one] = normalizeAnswer(endpoint, parseLossless(`[[${USER}], null]`)) as AppRecord[];
    const noId = { ...one!, id: '' } as AppRecord;
    expect(madeTwice([one!, { ...one! }, noId, noId])).toEqual([`user:${PK}`]);
    expect(madeTwice([one!, { ...one!, kind: 'profile' } as AppRecord])).toEqual([]);
  });

  it('counts an id of a record that the answer’s text does not hold digit for digit as lost', () => {
    const endpoint = findEndpoint('/v1/user/followers/chunk')!;
    const text = `[[${USER}], null]`;
    const records = normalizeAnswer(endpoint, parseLossless(text)) as AppRecord[];
    expect(idsNotIn(records, text)).toEqual([]);
    expect(records.length).toBe(1);
    // A core that read the pk as a float would make 1234567890123456800: not in the answer, so lost.
    const asFloat = records.map((r) => ({ ...r, id: '1234567890123456800' })) as AppRecord[];
    expect(idsNotIn(asFloat, text)).toEqual(['1234567890123456800']);
  });
});
