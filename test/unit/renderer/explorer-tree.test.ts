// The Explorer's JSON tree: big integers shown and copied as the exact numbers the service wrote (and
// strings of digits the service sent as strings left as strings), rows of the open nodes, jq paths, search.
import { describe, expect, it } from 'vitest';
import { bigIntPointers } from '../../../electron/explorer/big-ints';
import { parseLossless } from '../../../shared/api/json';
import {
  allContainers, ancestorsOf, copyText, jqPath, jsonText, openToDepth, searchTree, treeRows, valueAt, type TreeRoot,
} from '../../../renderer/src/screens/explorer/jsonTree';

const BIG = '3141592653589793238';
// As main parses it: the big literal becomes a string of its digits, like the id the service sent as a string.
const TEXT = `{"media_or_ad": {"pk": ${BIG}, "id": "${BIG}_25025320", "code": "${BIG}", "likes": 12, "caption": null,
  "tags": [{"a/b": -${BIG}}], "ok": true}}`;
const root = (bigInts: string[] | null): TreeRoot => ({ label: 'answer', data: parseLossless(TEXT), bigInts: bigInts && new Set(bigInts) });

describe('big integers in the tree', () => {
  const marked = root(bigIntPointers(TEXT));

  it('shows the numbers the service wrote bare and exact, and its strings of digits quoted', () => {
    const rows = treeRows([marked], new Set(allContainers([marked])));
    const at = (pointer: string) => rows.find((r) => r.pointer === pointer)!;
    expect(at('/media_or_ad/pk')).toMatchObject({ kind: 'bigint', text: BIG, key: 'pk', depth: 2 });
    expect(at('/media_or_ad/code')).toMatchObject({ kind: 'string', text: `"${BIG}"` });
    expect(at('/media_or_ad/tags/0/a~1b')).toMatchObject({ kind: 'bigint', text: `-${BIG}` });
    expect(at('/media_or_ad/likes')).toMatchObject({ kind: 'number', text: '12' });
    expect(at('/media_or_ad/caption')).toMatchObject({ kind: 'null', text: 'null' });
    expect(at('')).toMatchObject({ kind: 'object', text: '{1 key}', expandable: true, expanded: true });
  });

  it('copies a big integer as its digits and a subtree as JSON with the numbers bare', () => {
    const data = marked.data;
    expect(copyText(valueAt(data, '/media_or_ad/pk'), '/media_or_ad/pk', marked.bigInts)).toBe(BIG);
    const text = copyText(valueAt(data, '/media_or_ad'), '/media_or_ad', marked.bigInts);
    expect(text).toContain(`"pk": ${BIG},`);
    expect(text).toContain(`"code": "${BIG}"`);
    // What was copied reads back (losslessly) to the same values.
    expect(parseLossless(text)).toEqual(valueAt(data, '/media_or_ad'));
    expect(jsonText(data, '', marked.bigInts)).toContain(`"a/b": -${BIG}`);
  });

  it('leaves every string a string when main could not say where the numbers were', () => {
    const unknown = root(null);
    const rows = treeRows([unknown], new Set(allContainers([unknown])));
    expect(rows.find((r) => r.pointer === '/media_or_ad/pk')).toMatchObject({ kind: 'string', text: `"${BIG}"` });
    expect(copyText(unknown.data, '', null)).toContain(`"pk": "${BIG}"`);
  });
});

describe('rows, paths and search', () => {
  const r = root(bigIntPointers(TEXT));

  it('lists the children of open nodes only, opening the first levels of a new answer', () => {
    expect(openToDepth(r, 0, 2)).toEqual(['0:', '0:/media_or_ad']);
    const closed = treeRows([r], new Set(['0:']));
    expect(closed.map((row) => row.pointer)).toEqual(['', '/media_or_ad']);
    const two = treeRows([r, { label: 'page 2', data: [1, 2], bigInts: new Set() }], new Set(['1:']));
    expect(two.map((row) => row.id)).toEqual(['0:', '1:', '1:/0', '1:/1']);
  });

  it('writes paths as jq does', () => {
    expect(jqPath(r.data, '/media_or_ad/tags/0/a~1b')).toBe('.media_or_ad.tags[0].["a/b"]');
    expect(jqPath(r.data, '')).toBe('.');
    expect(jqPath([{ x: 1 }], '/0/x')).toBe('.[0].x');
  });

  it('finds keys and values, in document order, and the nodes to open to show one', () => {
    expect(searchTree([r], BIG.slice(3, 12)).ids).toEqual(['0:/media_or_ad/pk', '0:/media_or_ad/id', '0:/media_or_ad/code', '0:/media_or_ad/tags/0/a~1b']);
    expect(searchTree([r], 'CAPTION').ids).toEqual(['0:/media_or_ad/caption']);
    expect(searchTree([r], 'a', 2)).toEqual({ ids: ['0:/media_or_ad', '0:/media_or_ad/caption'], more: true });
    expect(ancestorsOf('0:/media_or_ad/tags/0')).toEqual(['0:', '0:/media_or_ad', '0:/media_or_ad/tags']);
  });
});
