// The disk thread's program (see disk-thread.ts), as plain JavaScript run with `eval`: the same text runs
// under the tests' TypeScript loader and in the app's bundle, with no build step or file of its own.
// Messages are handled in order, each with synchronous calls (this thread does nothing else).
// In:  { op: 'open', id, path, append }       opens a part file (append: hashes what is there first)
//      { op: 'write', id, chunk, req? }       writes and hashes a chunk; a `req` asks for a reply
//      { op: 'finish', id, req, sync, times } fsync (sync), futimes (times: [atime, mtime]), fstat, close
//      { op: 'abort', id, req }               closes (what was written stays)
//      { op: 'name', req, from, to }          hard link `to` (never over a file), then unlink `from`
//      { op: 'create', req, path, text, mode } a new file (`wx`; its folder made when missing), written, closed
// Out: { req, error?, value?, spent } where error = { message, code, syscall, path }; and, when a part
// file fails (its open or a write), { failed: id, error } at once. The buffers of the chunks
// written go back with the file's next reply: this thread allocates nothing per chunk, so its collector
// would seldom run and free them (the main thread's runs often).
export const DISK_THREAD_SCRIPT = String.raw`
'use strict';
// require where the script runs as CommonJS, else (an ES module eval) the built-in module getter.
const load = typeof require === 'function' ? require : process.getBuiltinModule;
const { parentPort } = load('node:worker_threads');
const fs = load('node:fs');
const { dirname } = load('node:path');
const { createHash } = load('node:crypto');

const files = new Map();
// A part file is never opened through a symbolic link at its name (ELOOP): it would write wherever the link leads.
const { O_RDWR, O_WRONLY, O_APPEND, O_CREAT, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants;

function errorOf(e) {
  return { message: String(e && e.message || e), code: e && e.code, syscall: e && e.syscall, path: e && e.path };
}

/** A part file's first failure: kept for its finish, and told at once (its transfer stops early). */
function failed(id, file, e) {
  file.error = errorOf(e);
  parentPort.postMessage({ failed: id, error: file.error });
}

function hashOf(fd) {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  for (;;) {
    const n = fs.readSync(fd, buffer, 0, buffer.length, position);
    if (n === 0) return { hash, bytes: position };
    hash.update(buffer.subarray(0, n));
    position += n;
  }
}

function writeAll(fd, chunk) {
  let done = 0;
  while (done < chunk.byteLength) done += fs.writeSync(fd, chunk, done, chunk.byteLength - done);
}

function closeQuietly(file) {
  if (file.fd === null) return;
  try { fs.closeSync(file.fd); } catch {}
  file.fd = null;
}

const ops = {
  open(m) {
    const file = { fd: null, hash: createHash('sha256'), bytes: 0, error: null, spent: [] };
    files.set(m.id, file);
    try {
      if (m.append) {
        file.fd = fs.openSync(m.path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW);
        const was = hashOf(file.fd);
        file.hash = was.hash;
        file.bytes = was.bytes;
      } else {
        file.fd = fs.openSync(m.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW);
      }
    } catch (e) {
      failed(m.id, file, e);
      closeQuietly(file);
    }
  },
  write(m) {
    const file = files.get(m.id);
    if (file) file.spent.push(m.chunk);
    if (file && file.error === null) {
      try {
        const chunk = new Uint8Array(m.chunk);
        writeAll(file.fd, chunk);
        file.hash.update(chunk);
        file.bytes += chunk.byteLength;
      } catch (e) {
        failed(m.id, file, e);
      }
    }
    if (m.req !== undefined) return file && file.error !== null ? { error: file.error } : {};
  },
  finish(m) {
    const file = files.get(m.id);
    files.delete(m.id);
    if (!file) return { error: { message: 'No such part file.' } };
    if (file.error !== null) {
      closeQuietly(file);
      return { error: file.error };
    }
    try {
      if (m.sync) fs.fsyncSync(file.fd);
      let dated = true;
      if (m.times) {
        try { fs.futimesSync(file.fd, m.times[0], m.times[1]); } catch { dated = false; }
      }
      const ino = String(fs.fstatSync(file.fd, { bigint: true }).ino);
      fs.closeSync(file.fd);
      file.fd = null;
      return { value: { sha256: file.hash.digest('hex'), bytes: file.bytes, ino, dated } };
    } catch (e) {
      closeQuietly(file);
      return { error: errorOf(e) };
    }
  },
  abort(m) {
    const file = files.get(m.id);
    files.delete(m.id);
    if (file) closeQuietly(file);
    return {};
  },
  name(m) {
    try {
      fs.linkSync(m.from, m.to);
    } catch (e) {
      return { error: errorOf(e) };
    }
    try { fs.unlinkSync(m.from); } catch {}
    return {};
  },
  create(m) {
    let fd;
    try {
      try {
        fd = fs.openSync(m.path, 'wx', m.mode);
      } catch (e) {
        if (e.code !== 'ENOENT') throw e;
        fs.mkdirSync(dirname(m.path), { recursive: true });
        fd = fs.openSync(m.path, 'wx', m.mode);
      }
    } catch (e) {
      return { error: errorOf(e) };
    }
    try {
      writeAll(fd, Buffer.from(m.text, 'utf8'));
      fs.closeSync(fd);
      return {};
    } catch (e) {
      try { fs.closeSync(fd); } catch {}
      try { fs.unlinkSync(m.path); } catch {}
      return { error: errorOf(e) };
    }
  },
};

parentPort.on('message', (m) => {
  const file = files.get(m.id);
  const reply = ops[m.op](m);
  if (reply === undefined || m.req === undefined) return;
  const spent = file ? file.spent.splice(0) : [];
  parentPort.postMessage({ req: m.req, ...reply, spent }, spent);
});
`;
