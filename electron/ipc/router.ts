// The IPC router: every message from the renderer passes here before any handler runs. It checks who
// sent it (the app's own top-level page only), validates the arguments with the zod schemas of
// shared/ipc/index.ts, and turns every outcome into a Result value: errors cross IPC as data, because
// Electron keeps only the message of a thrown error.
import type { z } from 'zod';
import { internalError, isAppError, validationError, type AppError } from '../../shared/api/errors';
import { channelOf, OPS, type OpName, type OpResults, type Result } from '../../shared/ipc';

export interface HandlerContext {
  /** The id of the sending webContents (which window asked). */
  senderId: number;
}

export type Handlers = {
  [K in OpName]: (args: z.output<(typeof OPS)[K]>, ctx: HandlerContext) => Promise<OpResults[K]>;
};

/** The parts of Electron's WebFrameMain the router reads. */
export interface SenderFrame {
  url: string;
  parent: SenderFrame | null;
}

/** The parts of Electron's IpcMainInvokeEvent the router reads (the harness builds the same shape). */
export interface InvokeEvent {
  sender: { id: number };
  senderFrame: SenderFrame | null | undefined;
}

export interface RouterOptions {
  handlers: Handlers;
  /** Whether a top-level frame of this origin may talk to main, e.g. `(o) => o === APP_ORIGIN`. */
  isTrustedSender: (origin: string) => boolean;
  /** Main's log, for the details an error must not carry to the renderer. Default console.error. */
  log?: (message: string) => void;
}

export interface Router {
  handle(op: string, event: InvokeEvent, rawArgs: unknown): Promise<Result<unknown>>;
}

/**
 * The origin of a URL as `scheme://host[:port]`. Node's URL says "null" for custom schemes such as
 * `app:`, so it is built by hand; URLs without a host (file:, data:, about:blank) have none.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? null : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

const refused = (why: string): AppError => internalError(`a request was refused because ${why}`);

/** Why the sender may not talk to main, or null when it may. */
function senderProblem(event: InvokeEvent, isTrusted: (origin: string) => boolean): string | null {
  let frame: SenderFrame | null | undefined;
  try {
    frame = event.senderFrame; // Electron's getter can throw once the frame is gone
  } catch {
    frame = null;
  }
  if (!frame) return 'its page is gone';
  if (frame.parent !== null) return 'it came from an embedded frame';
  const origin = originOf(frame.url);
  if (origin === null || !isTrusted(origin)) return 'it came from a page that is not Feedlens';
  return null;
}

export function createRouter({ handlers, isTrustedSender, log = console.error }: RouterOptions): Router {
  const ops: ReadonlySet<string> = new Set(Object.keys(OPS));

  return {
    async handle(op, event, rawArgs) {
      if (!ops.has(op)) return { ok: false, error: refused(`"${op.slice(0, 40)}" is not an operation`) };
      const name = op as OpName;

      const problem = senderProblem(event, isTrustedSender);
      if (problem !== null) {
        log(`ipc: refused ${name}: ${problem}`);
        return { ok: false, error: refused(problem) };
      }

      const parsed = OPS[name].safeParse(rawArgs);
      if (!parsed.success) {
        // Paths and messages only: zod's messages never repeat the value (which may be the access key).
        const issues = parsed.error.issues.map((issue) => ({
          param: issue.path.map(String).join('.') || 'arguments',
          message: issue.message,
        }));
        return { ok: false, error: validationError(issues) };
      }

      try {
        // One cast: TypeScript cannot tie the handler of `name` to the schema of `name` through a union.
        const handler = handlers[name] as (args: unknown, ctx: HandlerContext) => Promise<unknown>;
        return { ok: true, value: await handler(parsed.data, { senderId: event.sender.id }) };
      } catch (error) {
        if (isAppError(error)) return { ok: false, error };
        // The stack stays in main's log; the renderer gets a message that reveals nothing inside.
        log(`ipc: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return { ok: false, error: internalError(`the "${name}" operation failed unexpectedly (details are in the log)`) };
      }
    },
  };
}

/** The part of Electron's ipcMain this module uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, args: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Wires every operation's channel to the router; returns a function that unwires them. */
export function registerIpc(ipcMain: IpcMainLike, router: Router): () => void {
  const names = Object.keys(OPS) as OpName[];
  for (const op of names) {
    ipcMain.handle(channelOf(op), (event, args) => router.handle(op, event, args));
  }
  return () => {
    for (const op of names) ipcMain.removeHandler(channelOf(op));
  };
}
