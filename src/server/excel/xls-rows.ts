import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { ImportError, SheetBudget, tooBig, type ImportLimits } from './limits';
import { numberText, type SheetRow } from './sheet-row';
import { serialToDateText } from './excel-dates';

// BIFF5 workbooks (Excel 95) store text in the writer's code page, GBK for a Chinese one
XLSX.set_cptable(cptable);

/**
 * The first sheet of a binary .xls (BIFF), then the further ones named in `names`, read by SheetJS.
 * BIFF has no streaming reader, so the file size is capped (limits.xlsBytes) and the caller runs
 * this in a worker with a heap limit; the cell limits are then checked as the rows are handed on.
 */
export async function* xlsRows(
  buffer: Buffer,
  limits: ImportLimits,
  names: string[],
): AsyncGenerator<SheetRow> {
  if (buffer.length > limits.xlsBytes) throw new ImportError(tooBig.xls(limits));
  // cellNF keeps each cell's number format, to tell dates; cellDates stays off because SheetJS
  // would build the Dates in the server's time zone
  const workbook = XLSX.read(buffer, {
    type: 'buffer',
    cellNF: true,
    cellDates: false,
    // only the first sheet when no other is asked for
    ...(names.length ? {} : { sheets: 0 }),
    dense: true,
  });
  const [first, ...others] = workbook.SheetNames;
  if (first === undefined) throw new Error('workbook has no sheet');
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const budget = new SheetBudget(limits);
  const wanted: [string, number][] = [[first, 0]];
  for (const name of others) if (names.includes(name)) wanted.push([name, names.indexOf(name) + 1]);
  for (const [name, index] of wanted) {
    const data = (workbook.Sheets[name] as XLSX.DenseSheet | undefined)?.['!data'] ?? [];
    for (let r = 0; r < data.length; r++) {
      const texts = new Map<number, string>();
      data[r]?.forEach((cell, c) => {
        const text = cell && cellText(cell, date1904)?.trim();
        if (!text) return;
        budget.cell(r + 1, c + 1, text);
        texts.set(c + 1, text);
      });
      if (texts.size) yield { sheet: index, rowNumber: r + 1, texts };
    }
  }
}

function cellText(cell: XLSX.CellObject, date1904: boolean): string | undefined {
  switch (cell.t) {
    case 'n': {
      const v = cell.v as number;
      return cell.z && XLSX.SSF.is_date(cell.z) ? serialToDateText(v, date1904) : numberText(v);
    }
    case 's':
      return cell.v as string;
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w;
    default:
      return cell.v === undefined ? undefined : String(cell.v);
  }
}
