// The export dialog's plan: the CSV column set it preselects for the items, what it refuses to send, and
// the exportRun arguments main receives (checked against the IPC schema main validates with).
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems } from '../../../shared/api/normalize';
import { readPage } from '../../../shared/api/pager';
import { OPS, type Provenance } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import { columnSetCounts, defaultColumnSet, exportArgs, formProblem, initialForm, skippedBy } from '../../../renderer/src/components/exportPlan';
import type { Selectable } from '../../../renderer/src/state/selection';
import { loadAnswer } from '../shared/api/normalize/support';

function selectables(path: string, file: string): Selectable[] {
  const endpoint = findEndpoint(path);
  if (!endpoint) throw new Error(`no endpoint ${path}`);
  const data = loadAnswer(file);
  const records: AppRecord[] = endpoint.paging ? normalizeItems(endpoint, readPage(endpoint, data, {}).items) : [normalizeAnswer(endpoint, data)].flat().filter((r): r is AppRecord => r !== null);
  const provenance: Provenance = { path, params: {}, requestId: 'r', fetchedAt: 1_763_900_000_000 };
  return records.map((record) => ({ record, provenance }));
}

const posts = selectables('/v1/user/clips/chunk', 'v1-user-clips-chunk.json');
const users = selectables('/g1/user/followers', 'g1-user-followers.json');
const comments = selectables('/v2/media/comments', 'v2-media-comments.json').filter((s) => s.record.kind === 'comment');
const stories = selectables('/v1/user/stories', 'v1-user-stories.json');

describe('column set', () => {
  it('preselects the set of the items kind', () => {
    expect(defaultColumnSet(posts)).toBe('posts');
    expect(defaultColumnSet(users)).toBe('users');
    expect(defaultColumnSet(comments)).toBe('comments');
    expect(defaultColumnSet(stories)).toBe('stories');
    expect(defaultColumnSet([])).toBeNull();
  });

  it('for mixed items, preselects the set that writes the most (the first on a tie) and says how many are left out', () => {
    expect(users.length).toBeGreaterThanOrEqual(2);
    expect(comments.length).toBeGreaterThanOrEqual(2);
    const mostlyUsers = [...users, comments[0] as Selectable];
    const mostlyComments = [users[0] as Selectable, ...comments];
    expect(defaultColumnSet(mostlyUsers)).toBe('users');
    expect(defaultColumnSet(mostlyComments)).toBe('comments');
    const tie = [...comments.slice(0, 2), ...users.slice(0, 2)];
    expect(defaultColumnSet(tie)).toBe('users');
    expect(columnSetCounts(mostlyComments)).toEqual({ users: 1, comments: comments.length });
    expect(skippedBy(mostlyComments, 'users')).toBe(comments.length);
    expect(skippedBy(mostlyComments, 'comments')).toBe(1);
  });
});

describe('the form', () => {
  it('refuses a pseudonymised export without a project, and a CSV no set fits', () => {
    const form = { ...initialForm(posts), pseudonymise: true, project: '  ' };
    expect(formProblem(form, posts)).toMatch(/Name the project/);
    expect(formProblem({ ...form, project: 'thesis' }, posts)).toBeNull();
    expect(formProblem({ ...initialForm(posts), columns: 'comments' }, posts)).toMatch(/None of these items/);
    expect(formProblem(initialForm(posts), [])).toBe('Nothing to export.');
  });

  it('keeps the last options but not a column set that does not fit the new items', () => {
    const form = initialForm(users, { format: 'zip', delimiter: ';', bom: true, columns: 'posts' });
    expect(form).toMatchObject({ format: 'zip', delimiter: ';', bom: true, columns: 'users' });
  });

  it('sends what main validates: CSV options only where they apply, pseudonymisation with the trimmed project', () => {
    const csv = exportArgs({ ...initialForm(posts), delimiter: '\t', bom: true }, posts, 'Reels of @nasa');
    expect(OPS.exportRun.safeParse(csv).success).toBe(true);
    expect(csv).toMatchObject({ format: 'csv', columns: 'posts', delimiter: '\t', bom: true, includeMedia: false, label: 'Reels of @nasa' });
    expect(csv.items).toHaveLength(posts.length);
    expect(csv.pseudonymise).toBeUndefined();

    const json = exportArgs({ ...initialForm(posts), format: 'json', bom: true, delimiter: ';', includeMedia: true }, posts, 'x');
    expect(json).toMatchObject({ format: 'json', delimiter: ',', bom: false, includeMedia: false });
    expect(json.columns).toBeUndefined();

    const zip = exportArgs({ ...initialForm(users), format: 'zip', includeMedia: true, pseudonymise: true, project: ' study-1 ', dropText: true }, users, 'y');
    expect(OPS.exportRun.safeParse(zip).success).toBe(true);
    // Profile picture links lead back to the person: dropped unless the user keeps them.
    expect(zip).toMatchObject({ format: 'zip', includeMedia: true, pseudonymise: { project: 'study-1', dropNames: false, dropPictures: true, dropText: true } });
  });

  it('has main drop profile picture links of a pseudonymised export unless told to keep them', () => {
    const args = { items: posts.slice(0, 1), format: 'csv' as const, pseudonymise: { project: 'p' } };
    expect(OPS.exportRun.parse(args).pseudonymise).toMatchObject({ dropPictures: true });
    expect(OPS.exportRun.parse({ ...args, pseudonymise: { project: 'p', dropPictures: false } }).pseudonymise).toMatchObject({ dropPictures: false });
  });
});
