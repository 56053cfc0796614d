import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayLength, ellipsis } from '../../renderers/common/ellipsis';
import { exportParams, exportPercent, exportText } from '../../renderers/excel/use-export';
import { listColumns } from '../../renderers/list/columns';
import { pageAfterDelete, totalText } from '../../renderers/list/paging';
import { withFixedFields } from '../../renderers/list/fixed-filter';
import { queryFields, searchToParams } from '../../renderers/list/search-params';
import { treeChildren, visibleTreeRows } from '../../renderers/list/tree-rows';
import type { EntityDocument } from '../../src/core/document/types';
import { chooseWords } from '../../src/core/messages';
import excelEnglish from '../../renderers/excel/messages.en-US';

const read = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8')) as EntityDocument;
const unit = read('schemas/base/unit.json');
const product = read('schemas/production/product.json');
const area = read('schemas/base/area.json');

describe('document → list columns', () => {
  it('lists every field except list:false, hidden and password, in document order', () => {
    expect(listColumns(unit).map((c) => [c.key, c.title])).toEqual([
      ['name', '单位名称'],
      ['code', '单位编码'],
      ['unitType', '单位类型'],
      ['symbol', '符号'],
      ['status', '状态'],
      ['remark', '备注'],
    ]);
    // area: pid (list:false) and hasChild (hidden) are not columns
    expect(listColumns(area).map((c) => c.key)).toEqual(['name', 'code', 'level', 'sortNo']);
  });

  it('sortable only where the document says so', () => {
    expect(
      listColumns(product)
        .filter((c) => c.sortable)
        .map((c) => c.key),
    ).toEqual(['price', 'produceDate']);
    expect(listColumns(unit).some((c) => c.sortable)).toBe(false);
  });

  it('text wraps; numbers, dates and identifiers (unique codes: 借展编号 JZ-2026-002) keep their line', () => {
    const wraps = (doc: EntityDocument) => Object.fromEntries(listColumns(doc).map((c) => [c.key, c.wrap]));
    expect(wraps(read('schemas/museum/loan.json'))).toMatchObject({
      loanNo: false,
      partner: true,
      startOn: false,
    });
    expect(wraps(product)).toMatchObject({ code: false, name: true, spec: true, price: false });
    // a unique name is no code: 展览名称 (100 characters) wraps
    expect(wraps(read('schemas/museum/exhibition.json'))).toMatchObject({ name: true });
  });

  it('dictionary columns show the server’s _dictText, switches 是/否, the rest their value', () => {
    const cols = Object.fromEntries(listColumns(unit).map((c) => [c.key, c]));
    const row = {
      id: '1',
      name: '千克',
      unitType: '1',
      unitType_dictText: '重量',
      status: '0',
      remark: null,
    };
    expect(cols.unitType.text(row)).toBe('重量');
    expect(cols.name.text(row)).toBe('千克');
    expect(cols.remark.text(row)).toBe('');
    // a value the dictionary lacks still shows, as itself
    expect(cols.status.text(row)).toBe('0');
    const [flag] = listColumns({ ...unit, fields: [{ key: 'flag', title: '公开', type: 'switch' }] });
    expect([
      flag.text({ id: '1', flag: 'Y' }),
      flag.text({ id: '1', flag: 'N' }),
      flag.text({ id: '1' }),
    ]).toEqual(['是', '否', '']);
  });

  it('cells cut at 25 columns, a full-width character counting 2', () => {
    expect(displayLength('千克kg')).toBe(6);
    expect(ellipsis('a'.repeat(25))).toBeNull();
    expect(ellipsis('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(ellipsis('文'.repeat(13))).toBe(`${'文'.repeat(12)}...`);
    expect(ellipsis('文'.repeat(12) + 'a')).toBeNull();
  });
});

describe('search form, paging and export parameters', () => {
  it('like wraps text, ranges become _begin/_end, multi-choice a comma list, empty sends nothing', () => {
    expect(
      searchToParams(product, {
        name: ' 灯 ',
        price: [100, ''],
        produceDate: ['2024-01-01', '2024-12-31'],
        status: ['1', '2'],
        code: '',
      }),
    ).toEqual({
      name: '*灯*',
      price_begin: '100',
      produceDate_begin: '2024-01-01',
      produceDate_end: '2024-12-31',
      status: '1,2',
    });
  });

  it('the total text and the page after a delete', () => {
    expect(totalText(57, [11, 20])).toBe('11-20 共 57 条');
    expect(totalText(0, [0, 0])).toBe('共 0 条');
    expect(pageAfterDelete(21, 1, 3, 10)).toBe(2);
    expect(pageAfterDelete(21, 1, 2, 10)).toBe(2);
    expect(pageAfterDelete(1, 1, 1, 10)).toBe(1);
  });

  it('export sends the filters, or only the selection', () => {
    const queryParams = { name: '*克*', column: 'createTime', order: 'desc' };
    expect(exportParams({ queryParams, selectedIds: [], total: 57 })).toEqual({
      ...queryParams,
      exportType: 'xls',
    });
    expect(exportParams({ queryParams, selectedIds: ['a', 'b'], total: 57 })).toEqual({
      column: 'createTime',
      order: 'desc',
      selections: 'a,b',
      exportType: 'xls',
    });
  });

  it('an export of more rows than an .xls holds (65,533 below its three header rows) is the streamed .xlsx', () => {
    const queryParams = { column: 'createTime', order: 'desc' };
    expect(exportParams({ queryParams, selectedIds: [], total: 65_533 }).exportType).toBe('xls');
    expect(exportParams({ queryParams, selectedIds: [], total: 65_534 }).exportType).toBe('xlsx');
    expect(exportParams({ queryParams, selectedIds: ['a'], total: 200_000 }).exportType).toBe('xls');
  });

  it('the export notice: rows written of the file rows while written, else bytes of a known length, under 100 until done', () => {
    const run = (rows: number, total: number) => ({ rows, total, state: 'running' as const });
    expect(exportPercent({ run: run(50_000, 200_000), bytes: { bytes: 3 << 20 } })).toBe(25);
    expect(exportPercent({ run: run(0, 0), bytes: { bytes: 0 } })).toBe(99);
    expect(exportPercent({ bytes: { bytes: 512, totalBytes: 1024 } })).toBe(50);
    expect(exportPercent({ bytes: { bytes: 512 } })).toBe(0);
    expect(exportText({ run: run(50_000, 200_000), bytes: { bytes: 3 << 20 } })).toBe(
      '已写出 50000 / 200000 行，已接收 3.0 MB',
    );
  });

  it('the export notice speaks the chosen language (renderers/excel/messages.en-US.ts)', () => {
    chooseWords('en-US', { 'renderers/excel': excelEnglish });
    try {
      expect(exportText({ run: { rows: 5, total: 10, state: 'running' }, bytes: { bytes: 1 << 20 } })).toBe(
        '5 / 10 rows written, 1.0 MB received',
      );
    } finally {
      chooseWords('zh-CN', {});
    }
  });
});

describe('a list narrowed to fixed values (one dictionary’s items, one kind of log)', () => {
  it('the fixed fields are neither searched nor listed, and the form keeps them hidden', () => {
    const items = read('schemas/system/dict-item.json');
    const logs = read('schemas/system/log.json');
    expect(queryFields(logs).map((f) => f.key)).toContain('logType');
    const login = withFixedFields(logs, ['logType']);
    expect(queryFields(login).map((f) => f.key)).not.toContain('logType');
    expect(listColumns(login).map((c) => c.key)).not.toContain('logType');
    const one = withFixedFields(items, ['dictId']);
    expect(one.fields.find((f) => f.key === 'dictId')).toMatchObject({ type: 'hidden', list: false });
    expect(queryFields(one).map((f) => f.key)).toEqual(['itemText', 'itemValue', 'status']);
    // the document itself is left as it was
    expect(items.fields.find((f) => f.key === 'dictId')!.type).toBe('select');
    expect(withFixedFields(items, [])).toBe(items);
  });
});

describe('tree table rows ("Expandable tree table")', () => {
  const node = (id: string, hasChild: '0' | '1') => ({ id, name: id, hasChild });
  const roots = [node('cn', '1'), node('other', '0')];

  it('shows roots; an expanded node its loaded children below it, one level deeper', () => {
    const branches = new Map([
      ['cn', [node('zj', '1'), node('js', '1')]],
      ['zj', [node('hz', '0')]],
    ]);
    const rows = visibleTreeRows(area, roots, branches, new Set(['cn', 'zj']));
    expect(rows.map((r) => [r.row.id, r.depth, r.state])).toEqual([
      ['cn', 0, 'expanded'],
      ['zj', 1, 'expanded'],
      ['hz', 2, 'leaf'],
      ['js', 1, 'collapsed'],
      ['other', 0, 'leaf'],
    ]);
  });

  it('a node loading its branch says so; one whose branch came back empty becomes a leaf', () => {
    expect(visibleTreeRows(area, roots, new Map([['cn', 'loading']]), new Set(['cn']))[0].state).toBe(
      'loading',
    );
    expect(visibleTreeRows(area, roots, new Map(), new Set(['cn']))[0].state).toBe('loading');
    expect(visibleTreeRows(area, roots, new Map([['cn', []]]), new Set(['cn']))[0].state).toBe('leaf');
    expect(visibleTreeRows(area, roots, new Map([['cn', []]]), new Set())[0].state).toBe('leaf');
  });

  it('reads children as an array or a page of records; anything else is 返回数据类型不识别', () => {
    expect(treeChildren([node('a', '0')])).toEqual([node('a', '0')]);
    expect(treeChildren({ records: [node('a', '0')], total: 1 })).toEqual([node('a', '0')]);
    expect(() => treeChildren({ rows: [] })).toThrow('返回数据类型不识别');
    expect(() => treeChildren(null)).toThrow('返回数据类型不识别');
  });
});
