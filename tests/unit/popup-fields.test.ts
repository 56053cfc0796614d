import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import { loadSqlParser } from '../../src/core/document/report-sql';
import {
  filledValues,
  nameList,
  POPUP_COUNT_MESSAGE,
  POPUP_UNSET_MESSAGE,
  popupPairs,
  sourceOf,
} from '../../src/core/fields/popup-fill';

beforeAll(() => loadSqlParser());

const menus: SourceFile = {
  path: 'system/menus.json',
  json: { kind: 'menus', groups: [{ key: 'production', title: '生产', order: 1 }] },
};
const report: SourceFile = {
  path: 'production/price.json',
  json: {
    kind: 'report',
    code: 'price_report',
    title: '价格报表',
    permission: 'report:price:',
    tables: ['pro_product'],
    sql: 'select p.code, p.name, p.price from pro_product p',
    columns: [
      { key: 'code', title: '编码' },
      { key: 'name', title: '名称' },
      { key: 'price', title: '单价', type: 'number' },
    ],
  },
};
const unit: SourceFile = {
  path: 'base/unit.json',
  json: {
    kind: 'entity',
    code: 'base_unit',
    title: '计量单位',
    table: 'base_unit',
    permission: 'base:unit:',
    fields: [{ key: 'name', title: '单位名称', type: 'input' }],
  },
};
/** a work order whose 产品名称 is a popup with the given settings */
const order = (popup: Record<string, unknown>): SourceFile => ({
  path: 'production/order.json',
  json: {
    kind: 'entity',
    code: 'pro_order',
    title: '工单',
    table: 'pro_order',
    permission: 'production:order:',
    fields: [
      { key: 'productName', title: '产品名称', type: 'popup', ...popup },
      { key: 'unitPrice', title: '单价', type: 'inputNumber' },
    ],
  },
});
const problems = (popup: Record<string, unknown>) =>
  loadCatalog([menus, report, unit, order(popup)]).problems.map((p) => `${p.path}: ${p.message}`);
const good = { popupCode: 'price_report', orgFields: 'name,price', destFields: 'productName,unitPrice' };

describe('popup field settings (popupCode, orgFields, destFields)', () => {
  it('reads the comma lists as source → target pairs', () => {
    expect(nameList(' name, price ,,')).toEqual(['name', 'price']);
    expect(popupPairs(good)).toEqual({
      pairs: [
        { from: 'name', to: 'productName' },
        { from: 'price', to: 'unitPrice' },
      ],
    });
    expect(sourceOf([{ from: 'name', to: 'productName' }], 'productName')).toBe('name');
    expect(sourceOf([{ from: 'name', to: 'productName' }], 'other')).toBeUndefined();
  });

  it('says the messages for missing settings and for lists of different lengths', () => {
    expect(POPUP_UNSET_MESSAGE).toBe('popup参数未正确配置!');
    expect(POPUP_COUNT_MESSAGE).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    for (const missing of ['popupCode', 'orgFields', 'destFields'] as const)
      expect(popupPairs({ ...good, [missing]: undefined })).toEqual({ problem: POPUP_UNSET_MESSAGE });
    expect(popupPairs({ ...good, orgFields: ' , ' })).toEqual({ problem: POPUP_UNSET_MESSAGE });
    expect(popupPairs({ ...good, destFields: 'productName' })).toEqual({ problem: POPUP_COUNT_MESSAGE });
  });

  it('fills every target from one row, or comma-joins several rows', () => {
    const pairs = [
      { from: 'name', to: 'productName' },
      { from: 'price', to: 'unitPrice' },
    ];
    expect(filledValues(pairs, [{ name: '品茗杯', price: 128 }])).toEqual({
      productName: '品茗杯',
      unitPrice: '128',
    });
    expect(
      filledValues(pairs, [
        { name: '品茗杯', price: 128 },
        { name: '冰箱贴', price: null },
      ]),
    ).toEqual({ productName: '品茗杯,冰箱贴', unitPrice: '128,' });
  });
});

describe('schemas:check of popup fields', () => {
  it('accepts a popup over a report or an entity, and tells the browser which it is', () => {
    const { catalog, problems: found } = loadCatalog([menus, report, unit, order(good)]);
    expect(found).toEqual([]);
    expect(catalog.entities.get('pro_order')!.fields[0].popupSource).toBe('report');
    const overUnit = { popupCode: 'base_unit', orgFields: 'name', destFields: 'productName' };
    const byEntity = loadCatalog([menus, report, unit, order(overUnit)]);
    expect(byEntity.problems).toEqual([]);
    expect(byEntity.catalog.entities.get('pro_order')!.fields[0].popupSource).toBe('entity');
  });

  it('refuses missing settings and mismatched counts with the messages', () => {
    expect(problems({ popupCode: 'price_report', orgFields: 'name' })).toContain(
      `/fields/0: ${POPUP_UNSET_MESSAGE}`,
    );
    expect(problems({ ...good, destFields: 'productName' })).toContain(`/fields/0: ${POPUP_COUNT_MESSAGE}`);
  });

  it('refuses a code naming no document, a source naming no column, a target naming no field', () => {
    expect(problems({ ...good, popupCode: 'nothing_here' })).toEqual([
      "/fields/0/popupCode: popupCode 'nothing_here' names no report or entity document",
    ]);
    expect(problems({ ...good, orgFields: 'name,cost' })).toEqual([
      "/fields/0/orgFields: 'cost' is not a column of the popup 'price_report'",
    ]);
    expect(problems({ ...good, destFields: 'productName,price2' })).toEqual([
      "/fields/0/destFields: 'price2' is not a field of this document",
    ]);
  });
});
