import zlib from 'node:zlib';

/**
 * Just enough of the zip format to read an .xlsx held in memory: the central directory, and one
 * entry at a time inflated as a stream whose every chunk is counted against a budget, so that a
 * highly compressed entry (a zip bomb) is stopped as soon as it crosses the budget instead of
 * being inflated whole. Sizes the archive declares are not trusted; only the bytes inflated count.
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
