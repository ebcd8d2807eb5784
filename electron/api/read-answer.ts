// Reads the body of one service answer within the answer limits (shared/api/answer-limits.ts): a running
// byte count and the nesting depth are checked chunk by chunk as the bytes arrive, and reading stops (the
// stream is cancelled) as soon as either is passed. A Content-Length beyond the size limit is refused
// before a byte is read.
import { createDepthScanner } from '../../shared/api/answer-limits';

export interface AnswerLimits {
  maxBytes: number;
  maxDepth: number;
}

export type AnswerBody =
  | { kind: 'text'; text: string }
  /** Larger than `maxBytes` (said up front, or counted): not read further. */
  | { kind: 'too_large' }
  /** Nested deeper than `maxDepth`: not read further. */
  | { kind: 'too_deep' };

/** The body as text (UTF-8, a leading BOM dropped, as Response.text() reads it), unless a limit is passed. Throws as reading throws. */
export async function readAnswerBody(res: Response, limits: AnswerLimits): Promise<AnswerBody> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { kind: 'too_large' };
  }
  if (!res.body) return { kind: 'text', text: '' };
  const reader = res.body.getReader();
  const depth = createDepthScanner(limits.maxDepth);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const passed = bytes > limits.maxBytes ? 'too_large' : depth.feed(value) ? null : 'too_deep';
    if (passed) {
      await reader.cancel().catch(() => undefined);
      return { kind: passed };
    }
    chunks.push(value);
  }
  const whole = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, bytes);
  return { kind: 'text', text: new TextDecoder().decode(whole) };
}
