import { ImportError, type ImportLimits } from './limits';
import { xlsxRows } from './xlsx-rows';
import { xlsRows } from './xls-rows';
import type { SheetRow } from './sheet-row';

export const BAD_FORMAT = '文件格式不正确，仅支持 .xls 和 .xlsx';

/**
 * The non-empty rows of the first sheet of an .xls or .xlsx upload, in order, then those of each
 * further sheet named in `names` that the workbook holds (unknown names are no error). The format is told
 * by the content, not by the (untrusted) file name. A limit crossed is an ImportError naming it;
 * any other failure (a damaged file, an encrypted workbook, another zip or OLE document such as
 * .docx or .doc) is an ImportError saying the format is wrong.
 */
export async function* sheetRows(
  buffer: Buffer,
  limits: ImportLimits,
  names: string[] = [],
): AsyncGenerator<SheetRow> {
  const isZip = buffer.length >= 4 && buffer.readUInt32BE(0) === 0x504b0304; // 'PK\3\4'
  const isOle =
    buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0 && buffer.readUInt32BE(4) === 0xa1b11ae1;
  if (!isZip && !isOle) throw new ImportError(BAD_FORMAT);
  try {
    yield* isZip ? xlsxRows(buffer, limits, names) : xlsRows(buffer, limits, names);
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(BAD_FORMAT, { cause: err });
  }
}
