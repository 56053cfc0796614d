import zlib from 'node:zlib';

/**
 * Hand-written .xlsx packages for tests of hostile uploads: small on disk, huge when inflated.
 * Each part is a list of pieces; a piece is deflated once and its compressed bytes repeated
 * `times` times. That is a valid deflate stream because every piece but the last ends on a sync
 * flush (no final block), so 300 million characters cost a few hundred kilobytes and no memory.
 */
export interface Piece {
  text: string;
  times?: number;
}

type Parts = Record<string, string | Piece[]>;
const MB = 1024 * 1024;

function deflatePart(pieces: Piece[]) {
  const chunks: Buffer[] = [];
  let crc = 0;
  let size = 0;
  const add = (text: string, times: number) => {
    const raw = Buffer.from(text, 'utf8');
    const once = zlib.deflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    for (let n = 0; n < times; n++) {
      chunks.push(once);
      crc = zlib.crc32(raw, crc);
      size += raw.length;
    }
  };
  for (const { text, times = 1 } of pieces) {
    // a short piece repeated goes in blocks of about 1 MB, or each copy would cost a flush
    const perBlock = Math.max(1, Math.min(times, Math.floor(MB / Math.max(1, Buffer.byteLength(text)))));
    add(text.repeat(perBlock), Math.floor(times / perBlock));
    if (times % perBlock) add(text.repeat(times % perBlock), 1);
  }
  // the final, empty block that ends the stream
  chunks.push(zlib.deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(chunks), crc, size };
}

/** a zip archive: deflated entries, local headers, central directory */
export function zipArchive(parts: Parts): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const { data, crc, size } = deflatePart(typeof content === 'string' ? [{ text: content }] : content);
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    local.copy(entry, 8, 6, 26); // flags, method, time, date, crc, sizes
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A minimal SpreadsheetML package with one sheet. `rows` is the content of <sheetData>, as pieces;
 * `sharedStrings`, when given, the content of <sst>.
 */
export function handWrittenXlsx(rows: Piece[], sharedStrings?: Piece[]): Buffer {
  const sst = sharedStrings !== undefined;
  return zipArchive({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      (sst
        ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        : '') +
      '</Types>',
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}">` +
      `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      (sst ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
      `</Relationships>`,
    'xl/worksheets/sheet1.xml': [
      { text: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>` },
      ...rows,
      { text: '</sheetData></worksheet>' },
    ],
    ...(sst
      ? {
          'xl/sharedStrings.xml': [
            { text: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">` },
            ...sharedStrings,
            { text: '</sst>' },
          ],
        }
      : {}),
  });
}

/** an inline-string cell */
export const cell = (text: string, ref = '') =>
  `<c${ref && ` r="${ref}"`} t="inlineStr"><is><t>${text}</t></is></c>`;
/** a row of inline-string cells (row and cell numbers implied by position) */
export const row = (...texts: string[]) => `<row>${texts.map((t) => cell(t)).join('')}</row>`;
