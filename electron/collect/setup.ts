// The headless collector's core: the app's main-process core (electron/core.ts) with Node's pieces in
// place of Electron's, holding studies as "the collector". Its questions are answered by the command
// line's authority: a question is confirmed only when its title is one the command itself expects (the
// budget given on the command line); any other (a study folder proposing its own run or schedule, a
// spend the command did not ask for) is declined. The access key comes from a key file, the environment
// or the OS keychain; it is never printed or logged.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { INDEX_FILE } from '../studies/registry';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { EventName, EventPayloads } from '../../shared/ipc';
import type { Ask } from '../calls/ask';
import { createAppCore, type AppCore } from '../core';
import { createKeyStores, createMemoryStore, openSecretStore, type KeyStores } from '../platform/keychain';
import { createSimulator, DEFAULT_API_ORIGIN, DEFAULT_MEDIA_ORIGIN, type Simulator } from '../simulator/service';
import { createMediaHandler, MEDIA_CACHE_FOLDER } from '../protocols/media-protocol';
import { toMediaUrl } from '../../shared/media-url';

/** Exit codes, documented in docs/headless.md. */
export const EXIT = { done: 0, failed: 1, badInput: 2, budget: 3, auth: 4, held: 5 } as const;

/** A failure the collector reports with its exit code, in plain words. */
export class CollectError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export interface CollectOptions {
  demo: boolean;
  /** The command spends (run, schedule, lookups): without --demo it needs the service and a key. */
  spends: boolean;
  env: NodeJS.ProcessEnv;
  /** The command writes into the study without spending (analyse): it holds the study, with or without a key. */
  holds?: boolean;
  /** The simulator --demo uses (benchmarks pass one with other options). Default: the app's. */
  simulator?: Simulator;
  /** Study events (a run's progress). */
  onEvent?: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  log: (message: string) => void;
}

export interface Collector {
  core: AppCore;
  /** Lets the next question with this exact title be confirmed (the command line authorised it). */
  expect(title: string): void;
  /** The folder the next "open a study" picks. */
  pick(folder: string): void;
  stop(): Promise<void>;
}

/** Where the collector keeps its own request log, cache and grants: FEEDLENS_COLLECT_DATA, else ~/.feedlens-collect. */
export function collectorDataDir(env: NodeJS.ProcessEnv): string {
  return env.FEEDLENS_COLLECT_DATA || join(homedir(), '.feedlens-collect');
}

/** The access key from FEEDLENS_KEY_FILE (refused when other users may read it) or FEEDLENS_KEY; null: none given. */
export function keyFromEnvironment(env: NodeJS.ProcessEnv): string | null {
  const file = env.FEEDLENS_KEY_FILE;
  if (file) {
    let mode: number;
    try {
      mode = statSync(file).mode;
    } catch {
      throw new CollectError(`The key file named by FEEDLENS_KEY_FILE cannot be read: ${file}.`, EXIT.badInput);
    }
    if ((mode & 0o077) !== 0) throw new CollectError(`The key file ${file} can be read by other users: make it yours alone (chmod 600 ${file}), then try again.`, EXIT.badInput);
    const key = readFileSync(file, 'utf8').trim();
    if (!key) throw new CollectError(`The key file ${file} is empty.`, EXIT.badInput);
    return key;
  }
  return env.FEEDLENS_KEY?.trim() || null;
}

/** The key stores: a memory store holding the given key, none in demo mode, else the OS keychain. */
function keyStoresOf(o: CollectOptions): KeyStores {
  if (o.demo) return async () => createMemoryStore();
  const key = keyFromEnvironment(o.env);
  if (key !== null) {
    // The key given is the key of whichever service the collector's settings name.
    return async () => {
      const store = createMemoryStore();
      await store.set(key);
      return store;
    };
  }
  return createKeyStores((account) => openSecretStore({ service: 'Feedlens', account, platform: process.platform, env: o.env }));
}

export async function createCollector(o: CollectOptions): Promise<Collector> {
  const expected = new Set<string>();
  let picked: string | null = null;
  let simulator: Simulator | null = o.simulator ?? null;
  const ask: Ask = async (q) => {
    const confirmed = expected.delete(q.title);
    if (!confirmed) o.log(`declined (not authorised on the command line): ${q.title}`);
    return { confirmed, checked: false };
  };
  const dataDir = collectorDataDir(o.env);
  // The collector opens only the studies its command names: no index carried over from an earlier command
  // (whose studies would otherwise be opened, and their runs resumed, by this one).
  rmSync(join(dataDir, INDEX_FILE), { force: true });
  const demoSimulator = (): Simulator => {
    simulator ??= createSimulator({});
    simulator.clock.advance(0);
    return simulator;
  };
  // Media (a study's saved files, media analysis) as the app fetches it: allow-listed hosts only, the
  // simulator's in-process with --demo; nothing kept in a cache (each file is read once).
  const media = createMediaHandler({
    fetch: (url, init) => fetch(url, init),
    cacheDir: join(dataDir, MEDIA_CACHE_FOLDER),
    maxCacheBytes: 0,
    ...(o.demo ? { simulator: { origin: DEFAULT_MEDIA_ORIGIN, handle: (request: Request) => demoSimulator().handle(request) } } : {}),
    log: o.log,
  });
  const core = createAppCore({
    dataDir,
    downloadsDir: join(dataDir, 'downloads'),
    documentsDir: join(dataDir, 'studies'),
    program: 'collector',
    // A command that only reads (status, estimate, export) neither holds the study nor resumes its runs.
    ...(o.spends || o.holds ? {} : { readOnlyStudies: 'This command only reads the study.' }),
    // A command that holds the study without spending does not resume its runs either.
    ...(o.holds && !o.spends ? { resumeStudyWork: false } : {}),
    // A collector reads each page once: answers kept in memory would only weigh (the disk cache stays).
    cacheMemoryBytes: 4 * 1024 * 1024,
    scheduleTickMs: 0,
    keyStores: keyStoresOf(o),
    ask,
    pickFolder: async () => picked,
    liveFetch: (input, init) => fetch(input, init),
    demo: async () => {
      // The simulator with its world clock, in-process: nothing leaves the machine.
      const sim = demoSimulator();
      return { baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey };
    },
    userAgent: `feedlens-collect (${process.platform})`,
    version: 'collect',
    platform: process.platform,
    mediaBase: 'app-media://media/',
    emit: (event, payload) => o.onEvent?.(event, payload),
    openExternal: async () => undefined,
    fetchMedia: (url, init) => media(new Request(toMediaUrl(url), init)),
    reveal: () => undefined,
    projectKeys: (project) => openSecretStore({ service: 'Feedlens pseudonymisation', account: project, platform: process.platform, env: o.env }),
    log: o.log,
  });
  await core.start();
  // Without --demo, only the service: a missing key must not quietly collect invented data.
  if (o.spends && !o.demo && core.mode().mode !== 'live') {
    await core.stop();
    throw new CollectError('No access key: put it in a file readable only by you and set FEEDLENS_KEY_FILE, set FEEDLENS_KEY, or store it with the app; or try with --demo.', EXIT.auth);
  }
  return {
    core,
    expect: (title) => void expected.add(title),
    pick: (folder) => void (picked = folder),
    stop: () => core.stop(),
  };
}
