// Network exports of a study the simulator filled: every GEXF file validates against the GEXF 1.3 schema
// (xmllint, test/fixtures/gexf-1.3, CC BY 4.0), opens as a graph in graphology (Gephi's JS sibling) with
// the node and edge counts the simulator's world gives, and its CSV files hold the same graph. Pseudonymised,
// no id or username of the world's people is left in any file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphology-gexf';
import Graph from 'graphology';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { NETWORK_KINDS } from '../../../../shared/ipc/analysis';
import { csvObjects } from '../export/support';
import { expectedNetworks, fillStudy, pickAccounts, type Filled } from './support';

/** The networks a study's records make (reuse needs media analysis: test/unit/electron/media-analysis/study-analysis.test.ts). */
const KINDS = NETWORK_KINDS.filter((k) => k !== 'reuse');

const XSD = join(__dirname, '../../../fixtures/gexf-1.3/gexf.xsd');

let sim: Simulator;
let f: Filled;

export function memoryKeys() {
  const keys = new Map<string, string>();
  return async (project: string) => ({
    get: async () => keys.get(project) ?? null,
    set: async (v: string) => void keys.set(project, v),
    backendName: 'memory',
  });
}

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  f = await fillStudy(sim, pickAccounts(sim, 3));
}, 120_000);
afterAll(() => f?.s.close());

const env = (extra = {}) => ({ db: f.s.db, studyId: 'test-study-0001', studyName: 'Networks test', folder: f.s.dir, appVersion: 'test', userAgent: 'Feedlens test', ...extra });

function validate(file: string): void {
  // xmllint exits non-zero and names the line when the file breaks the schema.
  execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
}

describe('network exports', () => {
  it('write GEXF 1.3 that validates and opens with the graph the world gives, and node/edge CSVs of the same graph', async () => {
    const out = await exportAnalysis({ kind: 'networks', scope: 'seen', networks: [...KINDS], ethics: { reminderShown: true, acknowledged: true, quotes: 'paraphrase' } }, env());
    const expected = expectedNetworks(sim, f);
    const manifest = JSON.parse(readFileSync(out.manifestPath, 'utf8')) as { files: { path: string; sha256: string; rows: number }[]; ethics: unknown; minimisation: unknown };
    expect(manifest.ethics).toEqual({ reminderShown: true, acknowledged: true, quotes: 'paraphrase' });
    expect(manifest.minimisation).toMatchObject({ captionsOnly: false, retentionDays: null });
    const figures: string[] = [];
    for (const kind of KINDS) {
      const gexf = join(out.path, `${kind}.gexf`);
      validate(gexf);
      const graph = parse(Graph, readFileSync(gexf, 'utf8'));
      figures.push(`${kind} ${graph.order}/${graph.size}`);
      expect({ kind, nodes: graph.order, edges: graph.size }).toEqual({ kind, ...expected[kind] });
      expect(graph.type).toBe(kind === 'cohashtag' || kind === 'coauthors' ? 'undirected' : 'directed');
      const nodes = csvObjects(readFileSync(join(out.path, `${kind}_nodes.csv`), 'utf8')).rows;
      const edges = csvObjects(readFileSync(join(out.path, `${kind}_edges.csv`), 'utf8')).rows;
      expect(nodes.map((n) => n.id).sort()).toEqual(graph.nodes().sort());
      expect(edges).toHaveLength(graph.size);
      for (const e of edges) expect(graph.hasEdge(e.source!, e.target!) || graph.hasEdge(e.target!, e.source!)).toBe(true);
      // Weights and dates of each edge in the GEXF match its CSV row.
      for (const e of edges.slice(0, 50)) {
        const edge = graph.edge(e.source!, e.target!) ?? graph.edge(e.target!, e.source!)!;
        expect(String(graph.getEdgeAttribute(edge, 'weight'))).toBe(e.weight);
        expect(graph.getEdgeAttribute(edge, 'first_seen') ?? '').toBe(e.first_seen);
      }
    }
    console.log(`networks (nodes/edges) from the world: ${figures.join(', ')}`);
    // The mention network is not empty for this world: the test checks something.
    expect(expected.mentions!.edges + expected.tagged!.edges + expected.cohashtag!.edges).toBeGreaterThan(0);
    expect(expected.followers!.edges).toBe(f.accounts.reduce((n, u) => n + u.followers.length, 0));
  });

  it('pseudonymised: every node and label is a pseudonym, and no id or username of the world is in any file', async () => {
    const out = await exportAnalysis({ kind: 'networks', scope: 'seen', networks: [...KINDS], pseudonymise: { dropNames: true, dropPictures: true, dropText: false } }, env({ projectKeys: memoryKeys() }));
    const expected = expectedNetworks(sim, f);
    const people = new Set<string>();
    for (const u of sim.world.users) {
      people.add(u.pk);
      people.add(u.username.toLowerCase());
    }
    for (const kind of KINDS) {
      const gexf = join(out.path, `${kind}.gexf`);
      validate(gexf);
      const graph = parse(Graph, readFileSync(gexf, 'utf8'));
      expect({ kind, nodes: graph.order, edges: graph.size }).toEqual({ kind, ...expected[kind] });
      graph.forEachNode((node, attrs) => {
        if (attrs.kind === 'account') {
          expect(node).toMatch(/^u_[0-9a-f]{16}$/);
          expect(attrs.label).toBe(node);
        }
      });
      for (const file of [gexf, join(out.path, `${kind}_nodes.csv`), join(out.path, `${kind}_edges.csv`)]) {
        const words = readFileSync(file, 'utf8').toLowerCase().split(/[^\p{L}\p{N}._]+/u);
        const leaked = words.filter((w) => people.has(w));
        expect({ file, leaked }).toEqual({ file, leaked: [] });
      }
    }
  });
});
