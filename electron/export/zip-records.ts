// The records of a ZIP file (PKWARE's APPNOTE 6.3), as a streaming writer makes them: each entry's local
// header says its CRC and sizes follow the data (general purpose bit 3), a data descriptor after the data
// gives them, and the central directory at the end repeats them with where each entry starts. ZIP64 forms
// are used only where a figure does not fit in 32 bits (or 16 for the entry count), so small files open in
// every reader; a 64-bit data descriptor goes with an entry over 4 GiB, as Go's and yazl's writers do.
// The optional `wide`/`zip64` arguments force the ZIP64 forms, so tests can read them in a small file.

/** What the central directory needs of one written entry. */
export interface ZipEntryRecord {
  name: Buffer;
  /** 8 (deflate) or 0 (stored). */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where its local header starts in the file. */
  offset: number;
  mtime: Date;
}

/** The largest figure written as itself; 0xffffffff says "see the ZIP64 field". */
const MAX_32 = 0xfffffffe;
const FILE_NAME_IS_UTF8 = 1 << 11;
const SIZES_FOLLOW_DATA = 1 << 3;
const FLAGS = FILE_NAME_IS_UTF8 | SIZES_FOLLOW_DATA;
const VERSION_UTF8 = 20;
const VERSION_ZIP64 = 45;
/** Made on Unix (3), spec version 6.3: readers then take the mode from the external attributes. */
const MADE_BY = (3 << 8) | 63;
/** A regular file, rw-r--r--. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

export const needsZip64 = (e: ZipEntryRecord): boolean => e.size > MAX_32 || e.compressedSize > MAX_32 || e.offset > MAX_32;

function writeUInt64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

/** DOS date and time, in local time as ZIP readers show them; clamped to what the format holds. */
export function dosDateTime(date: Date): { date: number; time: number } {
  const min = new Date(1980, 0, 1);
  const max = new Date(2107, 11, 31, 23, 59, 58);
  const d = date < min ? min : date > max ? max : date;
  return {
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  };
}

export function localHeader(name: Buffer, method: number, mtime: Date): Buffer {
  const { date, time } = dosDateTime(mtime);
  const b = Buffer.alloc(30 + name.length); // CRC and sizes stay 0: they follow the data
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION_UTF8, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(method, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  b.writeUInt16LE(name.length, 26);
  name.copy(b, 30);
  return b;
}

export function dataDescriptor(e: ZipEntryRecord, wide = e.size > MAX_32 || e.compressedSize > MAX_32): Buffer {
  const b = Buffer.alloc(wide ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  if (wide) {
    writeUInt64(b, e.compressedSize, 8);
    writeUInt64(b, e.size, 16);
  } else {
    b.writeUInt32LE(e.compressedSize, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

export function centralRecord(e: ZipEntryRecord, zip64 = needsZip64(e)): Buffer {
  const extra = 9 + (zip64 ? 28 : 0);
  const b = Buffer.alloc(46 + e.name.length + extra);
  const { date, time } = dosDateTime(e.mtime);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_UTF8, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.compressedSize, 20);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra, 30);
  b.writeUInt32LE(FILE_ATTRIBUTES, 38);
  b.writeUInt32LE(zip64 ? 0xffffffff : e.offset, 42);
  let at = 46;
  e.name.copy(b, at);
  at += e.name.length;
  // Info-ZIP's extended timestamp ("UT"): the modification time in UTC seconds, which unzip restores
  // exactly (the DOS time above is local and in 2-second steps).
  b.writeUInt16LE(0x5455, at);
  b.writeUInt16LE(5, at + 2);
  b.writeUInt8(1, at + 4);
  b.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(e.mtime.getTime() / 1000))), at + 5);
  at += 9;
  if (zip64) {
    // All three figures, in this order, since all three say 0xffffffff above.
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(24, at + 2);
    writeUInt64(b, e.size, at + 4);
    writeUInt64(b, e.compressedSize, at + 12);
    writeUInt64(b, e.offset, at + 20);
  }
  return b;
}

/** The end records, for a central directory of `count` entries, `size` bytes, starting at `offset`. */
export function endOfCentralDirectory(count: number, size: number, offset: number, zip64 = count > 0xfffe || size > MAX_32 || offset > MAX_32): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? 0xffffffff : size, 12);
  end.writeUInt32LE(zip64 ? 0xffffffff : offset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  writeUInt64(record, 56 - 12, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  writeUInt64(record, count, 24);
  writeUInt64(record, count, 32);
  writeUInt64(record, size, 40);
  writeUInt64(record, offset, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  writeUInt64(locator, offset + size, 8); // the ZIP64 record follows the central directory
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}
