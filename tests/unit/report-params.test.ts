import { describe, expect, it } from 'vitest';
import { reportParams, type QueryItem } from '../../renderers/report/report-api';

const ITEMS: QueryItem[] = [
  { label: '产品名称', field: 'name', view: 'string', mode: 'single' },
  { label: '单价', field: 'price', view: 'number', mode: 'group' },
  { label: '状态', field: 'status', view: 'list', mode: 'single', dictCode: 'product_status' },
  { label: '开始', field: 'plan_start', view: 'date', mode: 'group' },
];

describe('reportParams: the getData / exportXls filters of a report search', () => {
  it('text matches anywhere, selects and numbers exactly, ranges as _begin/_end', () => {
    expect(
      reportParams(ITEMS, {
        name: ' 鼎 ',
        price: [10, 0],
        status: '1',
        plan_start: ['2026-01-01', '2026-02-01'],
      }),
    ).toEqual({
      name: '*鼎*',
      price_begin: '10',
      price_end: '0',
      status: '1',
      plan_start_begin: '2026-01-01',
      plan_start_end: '2026-02-01',
    });
  });

  it('empty inputs and half-open ranges send only what was filled', () => {
    expect(reportParams(ITEMS, { name: '', price: [undefined, 5], status: null })).toEqual({
      price_end: '5',
    });
    expect(reportParams(ITEMS, {})).toEqual({});
  });
});
