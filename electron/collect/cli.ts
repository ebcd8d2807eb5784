// feedlens-collect: the headless collector, for a lab server or a desktop that should collect without the
// app. The same main-process core as the app (no Electron, no renderer), holding the studies it runs.
// Usage and exit codes: docs/headless.md (and `feedlens-collect --help`).
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { COLLECT_LISTS, type CollectList } from '../../shared/ipc/studies';
import { OCR_LANGUAGE_CODES } from '../../shared/ipc/media';
import type { OcrLanguage } from '../media-analysis/ocr';
import { accounts, addTargets, analyse, alertAfter, estimate, EXPORT_FORMATS, exportStudy, runExit, runOnce, status, type ExportFormat } from './commands';
import { createOutput, type Output } from './output';
import { runSchedules } from './schedule';
import { CollectError, createCollector, EXIT, type Collector } from './setup';

const HELP = `feedlens-collect: collect Feedlens studies without the app.

  feedlens-collect run <study folder> --budget N          one run, within N requests
  feedlens-collect schedule <study folder>... --daily-budget N [--every HOURS]
                                                          runs the studies' schedules until stopped
  feedlens-collect status <study folder>
  feedlens-collect estimate <study folder>
  feedlens-collect export <study folder> --format csv|ndjson|4cat|parquet|gexf [--pseudonymise]
  feedlens-collect targets add <study folder> <file> [--lists posts,stories,...] [--budget N]
  feedlens-collect analyse <study folder> [--ocr eng,deu,fra,spa|none]
                                                          hashes, keyframes and text of the study's media
                                                          (on this machine: no request billed)

Options: --demo (the built-in simulator, nothing billed), --json (JSON lines), --webhook URL (alerts).
Key: FEEDLENS_KEY_FILE (a file only you can read), FEEDLENS_KEY, or the one the app stored in the keychain.
Exit codes: 0 done, 1 failed, 2 bad input, 3 budget reached, 4 key or payment, 5 held by another process.`;

function budgetOf(value: string | undefined, name: string, required: boolean): number | null {
  if (value === undefined) {
    if (required) throw new CollectError(`${name} is required: it is what this command may spend (requests).`, EXIT.badInput);
    return null;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new CollectError(`${name} must be a whole number of requests from 1, not "${value}".`, EXIT.badInput);
  return n;
}

function listsOf(value: string | undefined): CollectList[] {
  const lists = (value ?? 'posts').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = lists.filter((l) => !(COLLECT_LISTS as readonly string[]).includes(l));
  if (unknown.length > 0) throw new CollectError(`Unknown list ${unknown.join(', ')}: choose from ${COLLECT_LISTS.join(', ')}.`, EXIT.badInput);
  return lists as CollectList[];
}

/** --ocr: the languages text in pictures is read in, "none" for none; not given: the study's own. */
function ocrLanguagesOf(value: string | undefined): OcrLanguage[] | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return [];
  const langs = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = langs.filter((l) => !(OCR_LANGUAGE_CODES as readonly string[]).includes(l));
  if (unknown.length > 0 || langs.length === 0) throw new CollectError(`--ocr takes languages from ${OCR_LANGUAGE_CODES.join(', ')} (comma-separated), or none; not "${value}".`, EXIT.badInput);
  return langs as OcrLanguage[];
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      budget: { type: 'string' }, 'daily-budget': { type: 'string' }, every: { type: 'string' }, format: { type: 'string' }, lists: { type: 'string' },
      webhook: { type: 'string' }, ocr: { type: 'string' }, demo: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, pseudonymise: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
}

/**
 * A collector pages for hours: by default V8 lets the heap grow to several times what is live before it
 * collects. Letting it grow by 20 % keeps the process's memory near its live size (figures:
 * docs/decisions/collector-memory.md). Takes effect when set at start, unlike the heap's size limit.
 */
export function keepHeapNearLive(): void {
  setFlagsFromString('--heap-growing-percent=20');
}

/** Runs one command; the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new CollectError(`${error instanceof Error ? error.message : String(error)} (see --help)`, EXIT.badInput);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    out.line(HELP);
    return command || values.help ? EXIT.done : EXIT.badInput;
  }
  if (values.webhook !== undefined && !/^https?:\/\//.test(values.webhook)) throw new CollectError('--webhook must be an http(s) URL.', EXIT.badInput);
  // Checked before anything opens or spends.
  const plan = (): ((c: Collector) => Promise<number>) => {
    const folder = rest[0];
    const need = (n: number, what: string) => {
      if (rest.length < n) throw new CollectError(`${command} needs ${what}.`, EXIT.badInput);
    };
    switch (command) {
      case 'run': {
        need(1, 'a study folder');
        const budget = budgetOf(values.budget, '--budget', true)!;
        return async (c) => {
          const before = await accounts(c, folder!);
          const run = await runOnce(c, folder!, budget, out);
          await alertAfter(c, run.id, before, values.webhook, out);
          return runExit(run);
        };
      }
      case 'schedule': {
        need(1, 'one or more study folders');
        const daily = budgetOf(values['daily-budget'], '--daily-budget', true)!;
        const every = values.every === undefined ? null : Number(values.every);
        if (every !== null && !(every >= 1 && every <= 720)) throw new CollectError('--every must be a number of hours from 1 to 720.', EXIT.badInput);
        return (c) => runSchedules(c, rest, { daily, every, webhook: values.webhook ?? null }, out);
      }
      case 'status':
        need(1, 'a study folder');
        return async (c) => (await status(c, folder!, out), EXIT.done);
      case 'estimate':
        need(1, 'a study folder');
        return async (c) => (await estimate(c, folder!, out), EXIT.done);
      case 'export': {
        need(1, 'a study folder');
        const format = values.format as ExportFormat | undefined;
        if (!format || !EXPORT_FORMATS.includes(format)) throw new CollectError(`--format must be one of ${EXPORT_FORMATS.join(', ')}.`, EXIT.badInput);
        return async (c) => (await exportStudy(c, folder!, format, values.pseudonymise, out), EXIT.done);
      }
      case 'analyse': {
        need(1, 'a study folder');
        const languages = ocrLanguagesOf(values.ocr);
        return (c) => analyse(c, folder!, languages, out);
      }
      case 'targets': {
        if (rest[0] !== 'add') throw new CollectError('targets: the command is "targets add <study folder> <file>".', EXIT.badInput);
        if (rest.length < 3) throw new CollectError('targets add needs a study folder and a file of targets.', EXIT.badInput);
        const lists = listsOf(values.lists);
        const budget = budgetOf(values.budget, '--budget', false);
        return async (c) => (await addTargets(c, rest[1]!, rest[2]!, lists, budget, out), EXIT.done);
      }
      default:
        throw new CollectError(`Unknown command "${command}". ${HELP}`, EXIT.badInput);
    }
  };
  const act = plan();
  const spends = command === 'run' || command === 'schedule' || command === 'targets';
  // analyse bills nothing, but writes its results into the study: it holds it like a run.
  const collector = await createCollector({ demo: values.demo, spends, holds: command === 'analyse', env, log: (m) => out.error(m) });
  // SIGTERM and SIGINT stop cleanly: the pages in flight finish, runs pause (the next start resumes them)
  // and the studies' leases are given up; the exit code is 0.
  const signalled = new Promise<number>((done) => {
    const stop = () => {
      out.line('Stopping: the pages in flight finish; the run goes on at the next start.');
      done(EXIT.done);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  const acting = act(collector);
  acting.catch(() => undefined); // after a signal, what was under way may fail as the core stops
  try {
    return await Promise.race([acting, signalled]);
  } finally {
    await collector.stop();
  }
}

// Run as a program (not when a test imports it).
const entry = process.argv[1] ?? '';
if (/feedlens-collect(\.m?js)?$|collect[\\/]cli\.ts$/.test(entry)) {
  keepHeapNearLive();
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  const out = createOutput({ json, tty: process.stdout.isTTY === true, write: (t) => void process.stdout.write(t), writeError: (t) => void process.stderr.write(t) });
  main(argv, process.env, out).then(
    (code) => process.exit(code),
    (error: unknown) => {
      out.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof CollectError ? error.code : EXIT.failed);
    },
  );
}
