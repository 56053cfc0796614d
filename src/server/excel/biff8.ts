import * as XLSX from '@e965/xlsx';

/**
 * A minimal BIFF8 (.xls, Excel 97-2003) writer of a workbook of sheets: text through the
 * workbook's shared-string table, numbers, numbers shown with a date format, column widths, merged ranges, and three
 * styles (a bold title, a bold grey header, dates). Records as [MS-XLS] defines them, gathered in
 * growing buffers and wrapped in a compound file by SheetJS's CFB. SheetJS 0.20's own BIFF8
 * writer allocates 16 KB for every record: a 65,000 x 10 export took minutes of the server thread.
 */

export type Biff8Style = 'title' | 'header' | 'date' | 'datetime';
export type Biff8Value = string | number | null;

/** at most this many data bytes in one record; the rest of an SST goes into CONTINUE records */
const MAX_RECORD = 8224;
const CHUNK = 1 << 20;

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  CODEPAGE: 0x0042,
  WINDOW1: 0x003d,
  DATEMODE: 0x0022,
  FONT: 0x0031,
  FORMAT: 0x041e,
  XF: 0x00e0,
  STYLE: 0x0293,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  EXTSST: 0x00ff,
  COLINFO: 0x007d,
  DIMENSIONS: 0x0200,
  LABELSST: 0x00fd,
  NUMBER: 0x0203,
  WINDOW2: 0x023e,
  MERGEDCELLS: 0x00e5,
} as const;

/** cell XF indexes: 0-14 are style XFs, 15 the default cell XF, then ours */
const XF_INDEX: Record<Biff8Style | 'default', number> = {
  default: 15,
  title: 16,
  header: 17,
  date: 18,
  datetime: 19,
};
const DATE_FORMATS = { date: [164, 'yyyy-mm-dd'], datetime: [165, 'yyyy-mm-dd hh:mm:ss'] } as const;
/** the default palette's grey (C0C0C0), and the "automatic" colours */
const GREY = 22;
const AUTO_FORE = 64;
const AUTO_BACK = 65;

/** little-endian bytes appended to 1 MB chunks */
class Bytes {
  private chunks: Buffer[] = [];
  private buf = Buffer.allocUnsafe(CHUNK);
  private pos = 0;
  /** bytes written so far */
  length = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.chunks.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK, n));
    this.pos = 0;
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.pos++] = v;
    this.length++;
  }

  u16(v: number): void {
    this.room(2);
    this.buf.writeUInt16LE(v, this.pos);
    this.pos += 2;
    this.length += 2;
  }

  u32(v: number): void {
    this.room(4);
    this.buf.writeUInt32LE(v >>> 0, this.pos);
    this.pos += 4;
    this.length += 4;
  }

  f64(v: number): void {
    this.room(8);
    this.buf.writeDoubleLE(v, this.pos);
    this.pos += 8;
    this.length += 8;
  }

  utf16(s: string): void {
    this.room(s.length * 2);
    this.pos += this.buf.write(s, this.pos, 'utf16le');
    this.length += s.length * 2;
  }

  bytes(data: Buffer): void {
    this.room(data.length);
    this.pos += data.copy(this.buf, this.pos);
    this.length += data.length;
  }

  /** a record's header: its type and the size of the data that follows */
  record(type: number, size: number): void {
    this.u16(type);
    this.u16(size);
  }

  done(): Buffer {
    return Buffer.concat([...this.chunks, this.buf.subarray(0, this.pos)]);
  }
}

/** The workbook: its sheets in order, and the shared strings all of them use. */
export class Biff8Workbook {
  private sheets: Biff8Sheet[] = [];
  private strings = new Map<string, number>();
  private stringRefs = 0;

  /** a new sheet after the others; `name` as Excel allows it (at most 31 characters, unique) */
  sheet(name: string, widths: number[]): Biff8Sheet {
    const sheet = new Biff8Sheet(name, widths, (s) => this.stringIndex(s));
    this.sheets.push(sheet);
    return sheet;
  }

  private stringIndex(value: string): number {
    let index = this.strings.get(value);
    if (index === undefined) {
      index = this.strings.size;
      this.strings.set(value, index);
    }
    this.stringRefs++;
    return index;
  }

  /** the .xls file: a compound file holding the Workbook stream */
  file(): Buffer {
    if (!this.sheets.length) throw new Error('Biff8Workbook: no sheet');
    const { globals, sheetOffsetsAt } = this.globals();
    // the sheets' substreams follow the globals, in order: each BOUNDSHEET names where its sheet starts
    const streams = this.sheets.map((s) => s.stream());
    let offset = globals.length;
    streams.forEach((stream, i) => {
      globals.writeUInt32LE(offset, sheetOffsetsAt[i]);
      offset += stream.length;
    });
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'Workbook', Buffer.concat([globals, ...streams]));
    return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
  }

  private globals(): { globals: Buffer; sheetOffsetsAt: number[] } {
    const b = new Bytes();
    bof(b, 0x0005);
    b.record(R.CODEPAGE, 2);
    b.u16(1200); // UTF-16
    b.record(R.WINDOW1, 18);
    for (const v of [0, 0, 0x4000, 0x2000, 0x0038, 0, 0, 1, 600]) b.u16(v);
    b.record(R.DATEMODE, 2);
    b.u16(0); // the 1900 date system
    // fonts 0-3 are the defaults (index 4 does not exist), 5 the title's, 6 the header's
    for (let i = 0; i < 4; i++) font(b, 200, false);
    font(b, 320, true);
    font(b, 200, true);
    for (const [id, code] of Object.values(DATE_FORMATS)) {
      b.record(R.FORMAT, 5 + code.length * 2);
      b.u16(id);
      b.u16(code.length);
      b.u8(1);
      b.utf16(code);
    }
    for (let i = 0; i < 15; i++) xf(b, { style: true });
    xf(b, {});
    xf(b, { font: 5, align: { h: 2, v: 1 } });
    xf(b, { font: 6, align: { h: 2, v: 2 }, fill: GREY });
    xf(b, { format: DATE_FORMATS.date[0] });
    xf(b, { format: DATE_FORMATS.datetime[0] });
    b.record(R.STYLE, 4);
    b.u16(0x8000); // built-in style on XF 0
    b.u8(0); // Normal
    b.u8(0xff);
    const sheetOffsetsAt = this.sheets.map((sheet) => {
      b.record(R.BOUNDSHEET, 8 + sheet.name.length * 2);
      const at = b.length;
      b.u32(0);
      b.u8(0); // visible
      b.u8(0); // worksheet
      b.u8(sheet.name.length);
      b.u8(1);
      b.utf16(sheet.name);
      return at;
    });
    this.sst(b);
    b.record(R.EOF, 0);
    return { globals: b.done(), sheetOffsetsAt };
  }

  /**
   * The shared strings, in records of at most 8224 data bytes: a string's header never splits, its
   * characters may, and each continuation then starts with the flags byte again. EXTSST follows
   * with where every `step`th string starts.
   */
  private sst(b: Bytes): void {
    const starts: { at: number; inRecord: number }[] = [];
    const step = Math.max(8, Math.ceil(this.strings.size / 128));
    let record = new Bytes();
    let recordStart = 0;
    const records: { type: number; data: Buffer }[] = [];
    const flush = () => {
      records.push({ type: records.length ? R.CONTINUE : R.SST, data: record.done() });
      recordStart += 4 + record.length;
      record = new Bytes();
    };
    record.u32(this.stringRefs);
    record.u32(this.strings.size);
    let n = 0;
    for (const s of this.strings.keys()) {
      if (MAX_RECORD - record.length < 5) flush();
      if (n++ % step === 0) starts.push({ at: recordStart + 4 + record.length, inRecord: 4 + record.length });
      record.u16(s.length);
      record.u8(1);
      let from = 0;
      for (;;) {
        const fits = Math.floor((MAX_RECORD - record.length) / 2);
        record.utf16(s.slice(from, from + fits));
        from += fits;
        if (from >= s.length) break;
        flush();
        record.u8(1);
      }
    }
    flush();
    const sstAt = b.length;
    for (const r of records) {
      b.record(r.type, r.data.length);
      b.bytes(r.data);
    }
    b.record(R.EXTSST, 2 + starts.length * 8);
    b.u16(step);
    for (const s of starts) {
      b.u32(sstAt + s.at);
      b.u16(s.inRecord);
      b.u16(0);
    }
  }
}

/** One sheet of a Biff8Workbook: its cells, as records, in the order written. */
export class Biff8Sheet {
  private cells = new Bytes();
  private lastRow = -1;
  private lastColumn = -1;
  private merged: [number, number, number, number][] = [];

  constructor(
    readonly name: string,
    /** column widths in characters */
    private readonly widths: number[],
    /** the shared-string index of a text (counting the reference) */
    private readonly stringIndex: (value: string) => number,
  ) {}

  /** a cell at 0-based (row, column); null leaves it empty */
  cell(row: number, column: number, value: Biff8Value, style?: Biff8Style): void {
    if (value === null) return;
    const xf = XF_INDEX[style ?? 'default'];
    this.lastRow = Math.max(this.lastRow, row);
    this.lastColumn = Math.max(this.lastColumn, column);
    if (typeof value === 'number') {
      this.cells.record(R.NUMBER, 14);
      this.cells.u16(row);
      this.cells.u16(column);
      this.cells.u16(xf);
      this.cells.f64(value);
      return;
    }
    const index = this.stringIndex(value);
    this.cells.record(R.LABELSST, 10);
    this.cells.u16(row);
    this.cells.u16(column);
    this.cells.u16(xf);
    this.cells.u32(index);
  }

  merge(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): void {
    this.merged.push([firstRow, lastRow, firstColumn, lastColumn]);
  }

  /** the sheet's substream: BOF, column widths, dimensions, cells, window, merged ranges, EOF */
  stream(): Buffer {
    const b = new Bytes();
    bof(b, 0x0010);
    this.widths.forEach((width, column) => {
      b.record(R.COLINFO, 12);
      for (const v of [column, column, Math.round(width * 256), XF_INDEX.default, 0, 0]) b.u16(v);
    });
    b.record(R.DIMENSIONS, 14);
    b.u32(0);
    b.u32(this.lastRow + 1);
    b.u16(0);
    b.u16(this.lastColumn + 1);
    b.u16(0);
    const cells = this.cells.done();
    const head = b.done();
    const tail = new Bytes();
    tail.record(R.WINDOW2, 18);
    for (const v of [0x06b6, 0, 0, 0x40, 0, 0, 0, 0, 0]) tail.u16(v);
    if (this.merged.length) {
      tail.record(R.MERGEDCELLS, 2 + this.merged.length * 8);
      tail.u16(this.merged.length);
      for (const m of this.merged) for (const v of m) tail.u16(v);
    }
    tail.record(R.EOF, 0);
    return Buffer.concat([head, cells, tail.done()]);
  }
}

function bof(b: Bytes, type: number): void {
  b.record(R.BOF, 16);
  b.u16(0x0600); // BIFF8
  b.u16(type);
  b.u16(0x0dbb); // build and year of Excel 97, as readers expect
  b.u16(0x07cc);
  b.u32(0);
  b.u32(6); // the lowest BIFF version that can read the file
}

function font(b: Bytes, twips: number, bold: boolean): void {
  const name = 'Arial';
  b.record(R.FONT, 16 + name.length * 2);
  b.u16(twips);
  b.u16(bold ? 1 : 0); // readers of older BIFF take bold from here, Excel from the weight below
  b.u16(0x7fff); // automatic colour
  b.u16(bold ? 700 : 400);
  b.u16(0);
  b.u8(0);
  b.u8(0);
  b.u8(0);
  b.u8(0);
  b.u8(name.length);
  b.u8(1);
  b.utf16(name);
}

/** an XF (cell format) record: font, number format, alignment, solid fill */
function xf(
  b: Bytes,
  o: { style?: boolean; font?: number; format?: number; align?: { h: number; v: number }; fill?: number },
): void {
  b.record(R.XF, 20);
  b.u16(o.font ?? 0);
  b.u16(o.format ?? 0);
  // locked; a style XF has no parent (0xFFF), a cell XF's parent is the Normal style (XF 0)
  b.u16(o.style ? 0xfff5 : 0x0001);
  b.u8((o.align?.h ?? 0) | ((o.align?.v ?? 2) << 4));
  b.u8(0);
  b.u8(0);
  // which attributes this XF sets itself: all, for a cell XF
  b.u8(o.style ? 0xf4 : 0xfc);
  b.u32(0); // no borders
  b.u32(o.fill === undefined ? 0 : 1 << 26); // fill pattern: solid
  b.u16((o.fill ?? AUTO_FORE) | (AUTO_BACK << 7));
}
