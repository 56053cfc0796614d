/** A non-empty row of a sheet: the trimmed, non-empty cell texts by 1-based column number. */
export interface SheetRow {
  /** which sheet: 0 the workbook's first, n the n-th of the further sheets asked for by name */
  sheet: number;
  rowNumber: number;
  texts: Map<number, string>;
}

/** 3 → "3", 12.5 → "12.5", 0.1 + 0.2 → "0.3": the 15 significant digits Excel shows. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isSafeInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}
