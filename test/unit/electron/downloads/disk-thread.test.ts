// The disk thread (electron/downloads/disk-thread.ts): bytes written and hashed as they come, a part
// continued after what it holds, files named and created without ever replacing one, failures with the
// codes the main thread's messages read, memory bounded by waiting for the thread, no process kept alive.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACK_BYTES, createDiskThread, type DiskThread } from '../../../../electron/downloads/disk-thread';
import { tempDir } from './support';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const bytes = (text: string) => new Uint8Array(Buffer.from(text));

let disk: DiskThread | null = null;
let dir: ReturnType<typeof tempDir> | null = null;
afterEach(async () => {
  await disk?.close();
  dir?.remove();
});

function setUp(): { disk: DiskThread; path: string } {
  disk = createDiskThread();
  dir = tempDir('disk-thread');
  return { disk, path: dir.path };
}

describe('the disk thread', () => {
  it('writes and hashes a part file, dates it, and gives its inode', async () => {
    const { disk, path } = setUp();
    const file = join(path, 'a.jpg.part');
    const part = disk.openPart(file, false);
    await part.write(bytes('hello '));
    await part.write(bytes('world'));
    const done = await part.finish({ sync: false, times: [1_800_000_000, 1_700_000_000] });
    expect(readFileSync(file, 'utf8')).toBe('hello world');
    expect(done).toEqual({ sha256: sha256('hello world'), bytes: 11, ino: String(statSync(file, { bigint: true }).ino), dated: true });
    expect(statSync(file).mtimeMs).toBe(1_700_000_000_000);
  });

  it('continues a part after its bytes, and the hash covers the whole file', async () => {
    const { disk, path } = setUp();
    const file = join(path, 'b.mp4.part');
    writeFileSync(file, 'first half, ');
    const part = disk.openPart(file, true);
    await part.write(bytes('second half'));
    const done = await part.finish({ sync: true, times: null });
    expect(readFileSync(file, 'utf8')).toBe('first half, second half');
    expect(done).toMatchObject({ sha256: sha256('first half, second half'), bytes: 23 });
  });

  it('moves a chunk that owns its buffer, and copies a view into a bigger one', async () => {
    const { disk, path } = setUp();
    const part = disk.openPart(join(path, 'c.part'), false);
    const owned = bytes('owned');
    const big = Buffer.from('0123456789');
    const view = new Uint8Array(big.buffer, big.byteOffset + 2, 3);
    await part.write(owned);
    await part.write(view);
    expect(owned.byteLength).toBe(0); // detached: its bytes went to the thread
    expect(big.toString()).toBe('0123456789');
    expect(await part.finish({ sync: false, times: null })).toMatchObject({ sha256: sha256('owned234'), bytes: 8 });
  });

  it('waits for the thread once ACK_BYTES are posted: what the write awaited is on disk', async () => {
    const { disk, path } = setUp();
    const file = join(path, 'd.part');
    const part = disk.openPart(file, false);
    const chunk = 64 * 1024;
    let posted = 0;
    while (posted + chunk < ACK_BYTES) {
      await part.write(new Uint8Array(chunk));
      posted += chunk;
    }
    await part.write(new Uint8Array(chunk));
    posted += chunk;
    expect(statSync(file).size).toBe(posted);
    await part.finish({ sync: false, times: null });
  });

  it('a part that cannot be opened fails its next writes early and its finish, with the error code', async () => {
    const { disk, path } = setUp();
    writeFileSync(join(path, 'not-a-folder'), 'x');
    const part = disk.openPart(join(path, 'not-a-folder', 'e.part'), false);
    let early: unknown = null;
    for (let i = 0; i < 200 && early === null; i++) {
      await part.write(new Uint8Array(16)).catch((error: unknown) => void (early = error));
      await new Promise((ok) => setTimeout(ok, 5));
    }
    expect(early).toMatchObject({ code: 'ENOTDIR' });
    await expect(part.finish({ sync: false, times: null })).rejects.toMatchObject({ code: 'ENOTDIR', syscall: 'open' });
  });

  it('never writes a part through a symbolic link at its name (a study folder from elsewhere): ELOOP, the file it points to untouched', async () => {
    const { disk, path } = setUp();
    const victim = join(path, 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 AAAA the user');
    for (const append of [false, true]) {
      const file = join(path, `linked-${append}.jpg.part`);
      symlinkSync(victim, file);
      const part = disk.openPart(file, append);
      await part.write(bytes('bytes from the media host')).catch(() => undefined);
      await expect(part.finish({ sync: false, times: null })).rejects.toMatchObject({ code: 'ELOOP', syscall: 'open' });
    }
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 AAAA the user');
  });

  it('an aborted part keeps what was written', async () => {
    const { disk, path } = setUp();
    const file = join(path, 'f.part');
    const part = disk.openPart(file, false);
    await part.write(bytes('partial'));
    await part.abort();
    expect(readFileSync(file, 'utf8')).toBe('partial');
  });

  it('names a file by a hard link, never over one that is there', async () => {
    const { disk, path } = setUp();
    writeFileSync(join(path, 'g.part'), 'new');
    await disk.name(join(path, 'g.part'), join(path, 'g.jpg'));
    expect(readFileSync(join(path, 'g.jpg'), 'utf8')).toBe('new');
    expect(() => statSync(join(path, 'g.part'))).toThrow();
    writeFileSync(join(path, 'h.part'), 'newer');
    await expect(disk.name(join(path, 'h.part'), join(path, 'g.jpg'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(path, 'g.jpg'), 'utf8')).toBe('new');
    expect(readFileSync(join(path, 'h.part'), 'utf8')).toBe('newer');
  });

  it('creates a file (and its missing folder), never over one that is there', async () => {
    const { disk, path } = setUp();
    const file = join(path, 'sub', 'i.json');
    await disk.create(file, '{"a":1}\n', 0o644);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    expect(statSync(file).mode & 0o777).toBe(0o644);
    await expect(disk.create(file, 'other', 0o644)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
  });

  it('starts again after close', async () => {
    const { disk, path } = setUp();
    await disk.create(join(path, 'j1'), 'one', 0o644);
    await disk.close();
    await disk.create(join(path, 'j2'), 'two', 0o644);
    expect(readFileSync(join(path, 'j2'), 'utf8')).toBe('two');
  });

  it('has its program built by the app as an entry of its own (disk-thread-script.js beside main.js)', async () => {
    const config = (await import('../../../../electron.vite.config')).default as unknown as { main: { build: { rollupOptions: { input: Record<string, string> } } } };
    const input = config.main.build.rollupOptions.input;
    expect(input['disk-thread-script']).toBe(resolve(__dirname, '../../../../electron/downloads/disk-thread-script.ts'));
  });

  it('keeps no process alive once idle', () => {
    const { path } = setUp();
    const module = resolve(__dirname, '../../../../electron/downloads/disk-thread.ts');
    const script = `const { diskThread } = await import(${JSON.stringify(module)}); await diskThread().create(${JSON.stringify(join(path, 'k'))}, 'k', 0o644); console.log('created');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout.trim()).toBe('created');
    expect(run.status).toBe(0);
  });
});
