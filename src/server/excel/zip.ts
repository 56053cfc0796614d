import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Just enough of the zip format to read an .xlsx held in memory: the central directory, and one
 * entry at a time inflated as a stream whose every chunk is counted against a budget, so that a
 * highly compressed entry (a zip bomb) is stopped as soon as it crosses the budget instead of
 * being inflated whole. Sizes the archive declares are not trusted; only the bytes inflated count.
 * And writeZip, the writer of 导出附件 (src/server/crud/excel.ts).
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

/** a damaged or unsupported archive (the caller words it for the user) */
export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** the entries by lower-cased name (zip names are case-sensitive, writers' casing is not) */
export function zipDirectory(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  // the end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  // zip64 markers: an .xlsx small enough to upload never needs them
  if (count === 0xffff || at === 0xffffffff) throw new ZipFormatError('zip64 is not supported');
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError('bad central directory');
    const nameLength = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localOffset: buf.readUInt32LE(at + 42),
    };
    entries.set(entry.name.toLowerCase(), entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The entry's bytes, inflated chunk by chunk as the consumer asks for them. Every chunk is
 * subtracted from `budget.left`; `overBudget` is thrown the moment it goes below zero.
 */
export async function* inflateEntry(
  buf: Buffer,
  entry: ZipEntry,
  budget: { left: number },
  overBudget: () => Error,
): AsyncGenerator<Buffer> {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new ZipFormatError('bad local header');
  if (entry.flags & 1) throw new ZipFormatError('encrypted entry');
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipFormatError('entry runs past the end');
  const take = (chunk: Buffer) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw overBudget();
    return chunk;
  };
  if (entry.method === STORED) {
    for (let i = 0; i < data.length; i += 65536) yield take(data.subarray(i, i + 65536));
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipFormatError(`compression method ${entry.method}`);
  const inflater = zlib.createInflateRaw({ chunkSize: 65536 });
  inflater.end(data);
  try {
    // the stream inflates only as fast as the chunks are taken
    for await (const chunk of inflater) yield take(chunk as Buffer);
  } finally {
    inflater.destroy();
  }
}

/** one entry of a zip being written: its name inside the archive and its bytes */
export interface ZipInput {
  name: string;
  data: Buffer;
}

/** the MS-DOS time and date a zip header holds (local time, two-second steps) */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** general purpose flag bit 11: the names are UTF-8 (Chinese file names read right in every unzipper) */
const UTF8_NAMES = 0x0800;
const ZIP32_MAX = 0xffffffff;

/**
 * Writes a zip to `out` as `entries` yields them, one entry in memory at a time (an upload is at most
 * 10 MB, src/server/files/upload.ts): each deflated unless that saves nothing (pictures, PDFs), then the
 * central directory. Without zip64, so at most 65535 entries and 4 GB; past that it throws. Ends
 * `out`; on a throw the caller destroys it.
 */
export async function writeZip(
  entries: AsyncIterable<ZipInput>,
  out: Writable,
  signal?: AbortSignal,
): Promise<void> {
  const central: Buffer[] = [];
  let offset = 0;
  const put = async (buf: Buffer) => {
    offset += buf.length;
    if (!out.write(buf)) await once(out, 'drain', { signal });
  };
  const { time, date } = dosTime(new Date());
  let count = 0;
  for await (const e of entries) {
    signal?.throwIfAborted();
    const name = Buffer.from(e.name, 'utf8');
    const deflated = zlib.deflateRawSync(e.data);
    const method = deflated.length < e.data.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? deflated : e.data;
    const crc = zlib.crc32(e.data);
    if (++count > 0xffff || offset + 30 + name.length + body.length > ZIP32_MAX)
      throw new Error('writeZip: the archive needs zip64');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(CENTRAL, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(UTF8_NAMES, 8);
    head.writeUInt16LE(method, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(date, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(body.length, 20);
    head.writeUInt32LE(e.data.length, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    central.push(head, name);
    await put(Buffer.concat([local, name]));
    await put(body);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await put(directory);
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(end, () => resolve());
  });
}
