import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';

const fixture = (name: string) => fs.readFileSync(`fixtures/excel/${name}`);

/** fixtures/excel/README.md: both workbooks were written by LibreOffice 7.4.7.2 from units.csv */
describe('the import fixtures are what their README says', () => {
  it('the .xlsx names LibreOffice 7.4.7.2 as the application that wrote it', () => {
    const book = XLSX.read(fixture('units-libreoffice.xlsx'), { bookProps: true });
    expect(book.Props?.Application).toMatch(/^LibreOffice\/7\.4\.7\.2\b/);
  });

  it('the .xls is BIFF8: a compound file whose Workbook stream opens with a version 0x0600 BOF', () => {
    const file = fixture('units-libreoffice.xls');
    expect(file.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const cfb = XLSX.CFB.read(file, { type: 'buffer' });
    const workbook = XLSX.CFB.find(cfb, 'Workbook');
    const bof = Buffer.from(workbook!.content as Uint8Array);
    expect(bof.readUInt16LE(0)).toBe(0x0809);
    expect(bof.readUInt16LE(4)).toBe(0x0600);
  });

  it('both hold the CSV’s rows, cell for cell as text', () => {
    const csv = fixture('units.csv')
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    for (const name of ['units-libreoffice.xlsx', 'units-libreoffice.xls']) {
      const book = XLSX.read(fixture(name), { cellDates: false });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], {
        header: 1,
        raw: false,
        defval: '',
      });
      // every text cell as written; dates and the number 0.001 were detected as such (README)
      expect(rows.map((r) => r.slice(0, 6))).toEqual(csv.map((r) => r.slice(0, 6)));
      expect(rows.filter((r) => r[6]).length).toBe(csv.filter((r) => r[6]).length);
    }
  });
});

describe('the SheetJS build that reads .xls uploads', () => {
  it('is 0.20.2 or later: the prototype pollution (CVE-2023-30533) and ReDoS (CVE-2024-22363) fixes', () => {
    const [major, minor, patch] = XLSX.version.split('.').map(Number);
    expect(major * 10_000 + minor * 100 + patch).toBeGreaterThanOrEqual(2002);
  });
});
