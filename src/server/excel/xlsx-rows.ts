import path from 'node:path/posix';
import { SSF } from '@e965/xlsx';
import { ImportError, SheetBudget, tooBig, type ImportLimits } from './limits';
import { inflateEntry, zipDirectory, ZipFormatError, type ZipEntry } from './zip';
import { XmlStream, type Attrs, type XmlEvents } from './xml-stream';
import { numberText, type SheetRow } from './sheet-row';
import { serialToDateText } from './excel-dates';

/**
 * The first sheet of an .xlsx, then the further ones named in `names`, row by row, read as a
 * stream: every part is inflated chunk by chunk (its bytes counted against limits.inflatedBytes)
 * and tokenized as it arrives; shared strings are kept (within their limits), sheet rows are handed
 * on as soon as they end. Throws ImportError for a limit crossed, ZipFormatError or Error for a
 * file that is no readable workbook.
 */
export async function* xlsxRows(
  buf: Buffer,
  limits: ImportLimits,
  names: string[],
): AsyncGenerator<SheetRow> {
  const pkg: Package = { buf, entries: zipDirectory(buf), budget: { left: limits.inflatedBytes }, limits };
  const rootRels = await relationships(pkg, '_rels/.rels');
  const workbookPath = rootRels.byType('officeDocument') ?? 'xl/workbook.xml';
  const workbook = await readWorkbook(pkg, workbookPath);
  const rels = await relationships(pkg, relsPathOf(workbookPath));
  const [first, ...others] = workbook.sheets;
  const firstPath = first && rels.byId(first.id);
  if (!firstPath) throw new ZipFormatError('workbook has no sheet');
  const stylesPath = rels.byType('styles');
  const dateStyles = stylesPath ? await readDateStyles(pkg, stylesPath) : [];
  const stringsPath = rels.byType('sharedStrings');
  const strings = stringsPath ? await readSharedStrings(pkg, stringsPath) : [];

  const budget = new SheetBudget(limits);
  const wanted: [string, number][] = [[firstPath, 0]];
  for (const s of others) {
    const at = names.indexOf(s.name);
    const sheetPath = at >= 0 && rels.byId(s.id);
    if (sheetPath) wanted.push([sheetPath, at + 1]);
  }
  for (const [sheetPath, index] of wanted) {
    const sheet = new SheetReader(index, strings, dateStyles, workbook.date1904, budget);
    try {
      for await (const _ of tokenize(pkg, sheetPath, sheet)) yield* sheet.drain(); // eslint-disable-line @typescript-eslint/no-unused-vars
    } catch (e) {
      throw e instanceof TextTooLong
        ? new ImportError(tooBig.cell(limits, sheet.rowNumber, sheet.column))
        : e;
    }
    yield* sheet.drain();
  }
}

/** a cell's text crossed limits.cellChars: refused naming the cell the reader is at */
class TextTooLong extends Error {}

interface Package {
  buf: Buffer;
  entries: Map<string, ZipEntry>;
  /** inflated bytes left for all parts together */
  budget: { left: number };
  limits: ImportLimits;
}

/** a part of the package, inflated and tokenized chunk by chunk; yields after each chunk */
async function* tokenize(pkg: Package, name: string, events: XmlEvents): AsyncGenerator<void> {
  const entry = pkg.entries.get(name.toLowerCase());
  if (!entry) throw new ZipFormatError(`missing part ${name}`);
  const xml = new XmlStream(events);
  const decoder = new TextDecoder('utf-8');
  const over = () => new ImportError(tooBig.inflated(pkg.limits));
  for await (const chunk of inflateEntry(pkg.buf, entry, pkg.budget, over)) {
    xml.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  xml.write(decoder.decode());
  xml.end();
}

async function readWhole(pkg: Package, name: string, events: XmlEvents): Promise<void> {
  for await (const _ of tokenize(pkg, name, events)); // eslint-disable-line @typescript-eslint/no-unused-vars
}

function relsPathOf(partPath: string): string {
  return path.join(path.dirname(partPath), '_rels', `${path.basename(partPath)}.rels`);
}

async function relationships(pkg: Package, relsPath: string) {
  const base = path.dirname(path.dirname(relsPath)); // xl/_rels/workbook.xml.rels → xl
  const list: { id: string; type: string; target: string }[] = [];
  await readWhole(pkg, relsPath, {
    open(name, a) {
      if (name === 'Relationship' && a.Target && a.TargetMode !== 'External')
        list.push({
          id: a.Id,
          type: a.Type ?? '',
          target: a.Target.startsWith('/') ? a.Target.slice(1) : path.normalize(path.join(base, a.Target)),
        });
    },
    close() {},
    text() {},
  });
  return {
    byId: (id: string) => list.find((r) => r.id === id)?.target,
    // types are URIs ending in the relationship's name (transitional and strict namespaces differ)
    byType: (type: string) => list.find((r) => r.type.endsWith(`/${type}`))?.target,
  };
}

/** the sheets in workbook order (name and relationship id) and the date system */
async function readWorkbook(pkg: Package, workbookPath: string) {
  const sheets: { name: string; id: string }[] = [];
  let date1904 = false;
  await readWhole(pkg, workbookPath, {
    open(name, a) {
      if (name === 'sheet' && a.id) sheets.push({ name: a.name ?? '', id: a.id });
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
    },
    close() {},
    text() {},
  });
  return { sheets, date1904 };
}

/** built-in number formats that show dates or times (ECMA-376 18.8.30, with the CJK ones) */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** for each cell style (the `s` of a cell), whether its number format shows a date */
async function readDateStyles(pkg: Package, stylesPath: string): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readWhole(pkg, stylesPath, {
    open(name, a, selfClosing) {
      if (name === 'numFmt') formats.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        const code = formats.get(id);
        styles.push(code !== undefined ? SSF.is_date(code) : DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

/** a shared string longer than limits.cellChars: not kept; the cell using it is refused, by name */
const TOO_LONG = null;
type SharedString = string | typeof TOO_LONG;

/**
 * The shared-string table: the text of each <si>, phonetic runs (<rPh>) and leading whitespace left
 * out (every cell's text is trimmed). A string too long is dropped as it is read, never held whole.
 */
async function readSharedStrings(pkg: Package, stringsPath: string): Promise<SharedString[]> {
  const limits = pkg.limits;
  const strings: SharedString[] = [];
  let total = 0;
  let current: SharedString | undefined;
  let inText = false;
  let phonetic = 0;
  await readWhole(pkg, stringsPath, {
    open(name, _a, selfClosing) {
      if (selfClosing) {
        if (name === 'si') strings.push('');
      } else if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0 && current !== undefined;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current !== undefined) {
        if (strings.length >= limits.sharedStrings) throw new ImportError(tooBig.sharedStrings(limits));
        total += current?.length ?? 0;
        if (total > limits.sharedStringChars) throw new ImportError(tooBig.sharedStringChars(limits));
        strings.push(current === TOO_LONG ? TOO_LONG : unescapeExcel(current));
        current = undefined;
      }
    },
    text(t) {
      if (!inText || typeof current !== 'string') return;
      current += current ? t : t.trimStart();
      if (current.length > limits.cellChars) current = TOO_LONG;
    },
  });
  return strings;
}

/** Excel writes characters XML cannot hold as _xHHHH_ (a line break's CR as _x000D_) */
function unescapeExcel(s: string): string {
  if (!s.includes('_x')) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const CELL_REF = /^([A-Z]{1,3})(\d+)$/;

/** a sheet part's rows: <row r><c r t s><v/> | <is><t/></is></c></row>, cells in any of the value forms */
class SheetReader implements XmlEvents {
  private done: SheetRow[] = [];
  /** where the reader is: for the message of a cell too long */
  rowNumber = 0;
  column = 0;
  private row: Map<number, string> | null = null;
  private cellType = '';
  private cellStyle = 0;
  private value: string | null = null;
  private collecting = false;
  private phonetic = 0;

  constructor(
    /** the sheet's index in SheetRow.sheet */
    private readonly sheet: number,
    private readonly strings: SharedString[],
    private readonly dateStyles: boolean[],
    private readonly date1904: boolean,
    private readonly budget: SheetBudget,
  ) {}

  drain(): SheetRow[] {
    const out = this.done;
    this.done = [];
    return out;
  }

  open(name: string, a: Attrs, selfClosing: boolean): void {
    switch (name) {
      case 'row':
        this.rowNumber = a.r ? Number(a.r) : this.rowNumber + 1;
        if (!Number.isSafeInteger(this.rowNumber) || this.rowNumber < 1 || this.rowNumber > 1048576)
          throw new ZipFormatError(`bad row number ${a.r}`);
        this.column = 0;
        this.row = selfClosing ? null : new Map();
        break;
      case 'c': {
        const ref = a.r ? CELL_REF.exec(a.r) : null;
        this.column = ref ? columnNumber(ref[1]) : this.column + 1;
        this.cellType = a.t ?? 'n';
        this.cellStyle = Number(a.s ?? 0);
        // a cell outside a row is no cell of the sheet
        this.value = selfClosing || !this.row ? null : '';
        break;
      }
      case 'rPh':
        this.phonetic++;
        break;
      case 'v':
      case 't':
        this.collecting = !selfClosing && this.value !== null && this.phonetic === 0;
        break;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'c': {
        const text = this.value === null ? '' : this.cellText(this.value).trim();
        this.value = null;
        if (text && this.row) {
          this.budget.cell(this.rowNumber, this.column, text);
          this.row.set(this.column, text);
        }
        break;
      }
      case 'row':
        if (this.row?.size) this.done.push({ sheet: this.sheet, rowNumber: this.rowNumber, texts: this.row });
        this.row = null;
        break;
    }
  }

  text(t: string): void {
    if (!this.collecting) return;
    // leading whitespace is trimmed anyway: a cell of nothing else never grows
    this.value += this.value ? t : t.trimStart();
    if (this.value!.length > this.budget.limits.cellChars) throw new TextTooLong();
  }

  private cellText(v: string): string {
    switch (this.cellType) {
      case 's': {
        const s = this.strings[Number(v)];
        if (s === undefined) throw new ZipFormatError(`no shared string ${v}`);
        if (s === TOO_LONG) throw new TextTooLong();
        return s;
      }
      case 'inlineStr':
      case 'str':
        return unescapeExcel(v);
      case 'b':
        return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
      case 'e':
        return v;
      case 'd':
        return isoDateText(v);
      default: {
        if (v.trim() === '') return '';
        const n = Number(v);
        if (Number.isNaN(n)) return v;
        return this.dateStyles[this.cellStyle] ? serialToDateText(n, this.date1904) : numberText(n);
      }
    }
  }
}

function columnNumber(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + letters.charCodeAt(i) - 64;
  return n;
}

/** a cell of type d holds an ISO 8601 date-time: to 'YYYY-MM-DD[ HH:mm:ss]' */
function isoDateText(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(v);
  if (!m) return v;
  return m[2] && m[2] !== '00:00:00' ? `${m[1]} ${m[2]}` : m[1];
}
