// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { orderField } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { GRID_PARTS, loadFieldParts } from '../../renderers/fields/parts';
import { EditableGrid, type GridRights } from '../../renderers/grid/EditableGrid';
import {
  cellError,
  dragRow,
  gridFields,
  isRowDisabled,
  moveRow,
  rowsToSend,
  newRow,
  statistic,
  temporaryId,
  type GridRow,
} from '../../renderers/grid/grid-model';
import { acceptsNumberText, parseNumberText } from '../../renderers/grid/number-text';
import { useGrid, type Grid } from '../../renderers/grid/use-grid';
import { RendererProviders, type Providers } from '../../renderers/providers';
import { stubAntdDom } from './support/antd-dom';
import { testProviders } from './support/providers';

const loanItem = JSON.parse(fs.readFileSync('schemas/museum/loan-item.json', 'utf8')) as EntityDocument;
const fields = gridFields(loanItem, 'loanId');
/** the same columns every one an editor at all times (the document makes 包装要求 click-to-edit) */
const alwaysEdit: FieldDoc[] = fields.map((f) => ({ ...f, alwaysEdit: true }));
const field = (key: string) => fields.find((f) => f.key === key)!;
const phone: FieldDoc = {
  key: 'phone',
  title: '电话',
  type: 'input',
  validateRules: [{ pattern: 'm' }],
};

// the grid's cells load before it draws, as renderers/grid/TabFormModal.tsx loads them
beforeAll(async () => {
  await loadFieldParts(fields, GRID_PARTS);
  stubAntdDom();
  // jsdom lays nothing out: the grid's scroll box gets its real height, so the virtualizer draws a window
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-grid-scroller') ? 400 : 0;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (id: string, values: Record<string, unknown> = {}): GridRow => ({ id, ...values });

describe('grid rows', () => {
  it('a new row has a 6-character temporary id, the defaults, and the order one past the largest', () => {
    const ids = Array.from({ length: 50 }, temporaryId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(new Set(ids).size).toBe(50);
    const withDefault = [
      ...fields,
      { key: 'packing2', title: '包装', type: 'input', defaultValue: '原箱' } as FieldDoc,
    ];
    const added = newRow(withDefault, [row('a', { orderNum: 3 }), row('b', { orderNum: 7 })]);
    expect(added.orderNum).toBe(8);
    expect(added.packing2).toBe('原箱');
    expect(newRow(fields, []).orderNum).toBe(1);
  });

  it('the grid leaves out the key pointing at the master and finds the order field', () => {
    expect(fields.map((f) => f.key)).toEqual([
      'exhibitId',
      'pieces',
      'insuredValue',
      'packing',
      'crateNo',
      'handoverOn',
      'courierId',
      'custodianDepart',
      'photo',
      'insured',
      'marks',
      'orderNum',
    ]);
    expect(orderField(fields)?.key).toBe('orderNum');
  });

  it('moving a row swaps it with its neighbour and renumbers the order; nothing moves past the ends', () => {
    const rows = [row('a', { orderNum: 1 }), row('b', { orderNum: 2 }), row('c', { orderNum: 5 })];
    const down = moveRow(rows, 0, 1, fields);
    expect(down.map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
    expect(moveRow(rows, 0, -1, fields)).toBe(rows);
    expect(moveRow(rows, 2, 1, fields)).toBe(rows);
  });

  it('a dragged row lands at the index it is dropped on, and the order is renumbered 1..n', () => {
    const rows = [row('a', { orderNum: 1 }), row('b', { orderNum: 2 }), row('c', { orderNum: 3 }), row('d')];
    const order = (rs: GridRow[]) => rs.map((r) => `${r.id}${r.orderNum}`).join(' ');
    expect(order(dragRow(rows, 0, 2, fields))).toBe('b1 c2 a3 d4');
    expect(order(dragRow(rows, 3, 0, fields))).toBe('d1 a2 b3 c4');
    // rows already in place are kept as they were (a save sends only the rows that changed)
    const down = dragRow(rows, 2, 1, fields);
    expect(down[0]).toBe(rows[0]);
    expect(dragRow(rows, 1, 1, fields)).toBe(rows);
    expect(dragRow(rows, 0, 4, fields)).toBe(rows);
    expect(dragRow(rows, -1, 0, fields)).toBe(rows);
  });

  it('the disabled-rows rule: a row holding every value of it (compared as text) is locked', () => {
    expect(isRowDisabled(row('a', { packing: '已封箱' }), { packing: '已封箱' })).toBe(true);
    expect(isRowDisabled(row('a', { packing: '木箱' }), { packing: '已封箱' })).toBe(false);
    expect(
      isRowDisabled(row('a', { pieces: 2, packing: '已封箱' }), { pieces: '2', packing: '已封箱' }),
    ).toBe(true);
    expect(isRowDisabled(row('a', { packing: '已封箱' }), { pieces: 2, packing: '已封箱' })).toBe(false);
    expect(isRowDisabled(row('a', { packing: '已封箱' }), undefined)).toBe(false);
    expect(isRowDisabled(row('a'), {})).toBe(false);
  });

  it('a saved row goes out with the updateTime it was read with (a stale save is refused), a new one without', () => {
    const sent = rowsToSend(fields, [row('s1', { updateTime: '2026-11-26 10:00:00', pieces: 1 }), row('n1')]);
    expect(sent[0]).toMatchObject({ id: 's1', updateTime: '2026-11-26 10:00:00', pieces: 1 });
    expect(sent[1]).not.toHaveProperty('updateTime');
  });

  it('cell rules run in order: required, unique within the grid, then the pattern preset (skipped when empty)', () => {
    const rows = [row('a', { exhibitId: 'exh-ding' }), row('b', { exhibitId: 'exh-ding' }), row('c')];
    expect(cellError(field('exhibitId'), rows, 2)).toBe('请选择藏品');
    expect(cellError(field('exhibitId'), rows, 1)).toBe('该藏品已在本借展单中');
    expect(cellError(field('exhibitId'), [rows[0]], 0)).toBeNull();
    expect(cellError(field('pieces'), [row('a', { pieces: 0 })], 0)).toBe('件数须在1到9999之间');
    expect(cellError(phone, [row('a', { phone: '123' })], 0)).toBe('请输入正确的手机号码');
    expect(cellError(phone, [row('a', { phone: '13912345678' })], 0)).toBeNull();
    expect(cellError(phone, [row('a')], 0)).toBeNull();
  });

  it('statistics sum or average the column, leaving empty cells out', () => {
    const rows = [row('a', { insuredValue: 1000.5 }), row('b', { insuredValue: 500 }), row('c')];
    expect(statistic(field('insuredValue'), rows)).toBe(1500.5);
    expect(statistic({ ...field('insuredValue'), statistics: 'average' }, rows)).toBe(750.25);
    expect(statistic(field('pieces'), rows)).toBeNull();
  });

  it('number text: a sign, digits and one decimal part; blur parses or clears', () => {
    for (const ok of ['', '-', '+3', '12', '1.', '-0.25']) expect(acceptsNumberText(ok), ok).toBe(true);
    for (const bad of ['1a', '1.2.3', '--1', '1-', 'e5']) expect(acceptsNumberText(bad), bad).toBe(false);
    expect(parseNumberText('-')).toBeUndefined();
    expect(parseNumberText('3.')).toBe(3);
    expect(parseNumberText('-0.25')).toBe(-0.25);
  });
});

/** the grid over the loan items, its state reachable by the test */
function mount(
  initial: GridRow[],
  providers: Providers = testProviders(),
  rights?: GridRights,
  columns = alwaysEdit,
  disabledRows?: Record<string, string>,
) {
  const held: { grid: Grid | null } = { grid: null };
  function Harness() {
    const grid = useGrid(columns, initial, { title: '借展明细', disabledRows });
    held.grid = grid;
    return (
      <EditableGrid
        grid={grid}
        options={{ exhibitId: [{ value: 'exh-ding', text: '兽面纹铜鼎' }] }}
        name="t"
        rights={rights}
      />
    );
  }
  render(
    <RendererProviders value={providers}>
      <Harness />
    </RendererProviders>,
  );
  return held;
}

const bodyRows = () => document.querySelectorAll('tbody tr[data-row]');
/** antd spaces a two-character button's name (新 增) */
const button = (name: string) =>
  screen.getByRole('button', { name: [...name].join(' ') }) as HTMLButtonElement;

describe('EditableGrid', () => {
  it('a number cell refuses a keystroke that makes no number: the text reverts', () => {
    mount([row('a', { pieces: 1, orderNum: 1 })]);
    const pieces = screen.getByLabelText('件数') as HTMLInputElement;
    fireEvent.change(pieces, { target: { value: '12' } });
    expect(pieces.value).toBe('12');
    fireEvent.change(pieces, { target: { value: '12a' } });
    expect(pieces.value).toBe('12');
    fireEvent.change(pieces, { target: { value: '-' } });
    fireEvent.blur(pieces);
    expect(pieces.value).toBe('');
  });

  it('上移 is disabled on the first row and 下移 on the last; a move renumbers the order', () => {
    const held = mount([row('a', { orderNum: 1, packing: '甲' }), row('b', { orderNum: 2, packing: '乙' })]);
    expect(button('上移').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择第1行'));
    expect(button('上移').disabled).toBe(true);
    expect(button('下移').disabled).toBe(false);
    fireEvent.click(button('下移'));
    expect(held.grid!.rows.map((r) => [r.packing, r.orderNum])).toEqual([
      ['乙', 1],
      ['甲', 2],
    ]);
    expect(button('下移').disabled).toBe(true);
    expect(button('上移').disabled).toBe(false);
  });

  it('a second 新增 within 1500 ms warns and adds nothing; later it adds with max+1', () => {
    const p = testProviders();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const held = mount([row('a', { orderNum: 4 })], p);
    fireEvent.click(button('新增'));
    fireEvent.click(button('新增'));
    expect(p.notices.warning).toHaveBeenCalledWith('你点击的太快了，请慢点点击!');
    expect(held.grid!.rows).toHaveLength(2);
    now.mockReturnValue(1_002_000);
    fireEvent.click(button('新增'));
    expect(held.grid!.rows.map((r) => r.orderNum)).toEqual([4, 5, 6]);
    expect(held.grid!.rows[2].id).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('saving checks every cell: the first failure shows under its cell and the save is refused', () => {
    const held = mount([row('a', { exhibitId: 'exh-ding', pieces: 1 }), row('b', { pieces: 2 })]);
    let ok = true;
    act(() => {
      ok = held.grid!.validate();
    });
    expect(ok).toBe(false);
    const second = bodyRows()[1] as HTMLElement;
    expect(within(second).getByRole('alert').textContent).toBe('请选择藏品');
    expect(within(bodyRows()[0] as HTMLElement).queryByRole('alert')).toBeNull();
    // a server refusal names a row by its index in what was sent, and lands on that row's cell
    act(() => held.grid!.setCell('b', 'exhibitId', 'exh-jade'));
    const sent = held.grid!.value();
    expect(sent.rows.map((r) => r.id)).toEqual(['b']);
    act(() => held.grid!.showServerErrors([{ row: 0, field: 'pieces', message: '件数须在1到9999之间' }]));
    expect(within(bodyRows()[1] as HTMLElement).getByRole('alert').textContent).toBe('件数须在1到9999之间');
  });

  it('a save sends the new rows and the changed saved ones, not the untouched', () => {
    const held = mount([row('s1', { orderNum: 1 }), row('s2', { orderNum: 2 }), row('s3', { orderNum: 3 })]);
    expect(held.grid!.value().rows).toEqual([]);
    act(() => held.grid!.setCell('s1', 'packing', '原箱'));
    fireEvent.click(screen.getByLabelText('选择第3行'));
    fireEvent.click(button('插入'));
    expect(held.grid!.rows.map((r) => r.id).slice(0, 3)).toEqual(['s1', 's2', 's3']);
    const added = held.grid!.rows[3];
    expect(added.orderNum).toBe(4);
    // moving s3 up renumbers s2 and s3
    fireEvent.click(button('上移'));
    expect(held.grid!.value().rows.map((r) => r.id)).toEqual(['s1', 's3', 's2', added.id]);
  });

  it('插入 among the rows takes the 排序 of its place: the rows after it move down one and are saved', () => {
    const held = mount([row('s1', { orderNum: 1 }), row('s2', { orderNum: 2 }), row('s3', { orderNum: 3 })]);
    fireEvent.click(screen.getByLabelText('选择第1行'));
    fireEvent.click(button('插入'));
    const rows = held.grid!.rows;
    expect(rows.map((r) => r.id).filter((id) => id.length > 2)).toHaveLength(1);
    expect(rows.map((r) => [r.id.length > 2 ? 'new' : r.id, r.orderNum])).toEqual([
      ['s1', 1],
      ['new', 2],
      ['s2', 3],
      ['s3', 4],
    ]);
    // the shifted saved rows go with the save, the one before stays untouched
    expect(
      held
        .grid!.value()
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual([rows[1].id, 's2', 's3'].sort());
  });

  it('without the sub-table’s grants: no 新增, saved rows neither edited, moved nor deleted', () => {
    mount(
      [row('s1', { packing: '原箱' })],
      testProviders(),
      { add: false, edit: false, delete: false },
      fields,
    );
    // a click-to-edit cell of a row that may not change stays text
    fireEvent.click(document.querySelector('[data-cell="0:packing"]')!);
    expect(screen.queryByLabelText('包装要求')).toBeNull();
    expect(screen.queryByLabelText('拖动第1行')).toBeNull();
    expect(screen.queryByRole('button', { name: '新 增' })).toBeNull();
    expect((screen.getByLabelText('件数') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择第1行'));
    expect(button('删除').disabled).toBe(true);
    expect(button('下移').disabled).toBe(true);
  });

  it('删除 asks first, then drops the rows and remembers the saved ones (not the new)', async () => {
    const held = mount([row('saved1', { orderNum: 1 })]);
    fireEvent.click(button('新增'));
    expect(held.grid!.rows).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('全选'));
    fireEvent.click(button('删除'));
    expect(held.grid!.rows).toHaveLength(2);
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    expect(held.grid!.rows).toHaveLength(0);
    expect(held.grid!.value()).toEqual({ rows: [], deleted: ['saved1'] });
  });

  it('the statistics row sums its column', () => {
    mount([row('a', { insuredValue: 3000000 }), row('b', { insuredValue: 800000.5 })]);
    expect(document.querySelector('[data-stat="insuredValue"]')!.textContent).toBe('3,800,000.50');
    expect(document.querySelector('[data-stat="pieces"]')!.textContent).toBe('');
    expect(document.querySelector('tfoot')!.textContent).toContain('合计');
  });

  it('Enter goes down the column; Escape puts back the value the cell had when it was entered', async () => {
    const held = mount([row('a', { packing: '原箱', pieces: 5 }), row('b', { packing: '囊匣' })]);
    const [first, second] = screen.getAllByLabelText('包装要求') as HTMLInputElement[];
    first.focus();
    fireEvent.change(first, { target: { value: '改了' } });
    expect(held.grid!.rows[0].packing).toBe('改了');
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(held.grid!.rows[0].packing).toBe('原箱');
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    const pieces = screen.getAllByLabelText('件数')[0] as HTMLInputElement;
    pieces.focus();
    fireEvent.change(pieces, { target: { value: '7' } });
    fireEvent.keyDown(pieces, { key: 'Escape' });
    expect(held.grid!.rows[0].pieces).toBe(5);
  });

  it('with 10,000 rows only a window of them is in the DOM', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => row(`r${i}`, { orderNum: i + 1 }));
    mount(many);
    expect(bodyRows().length).toBeGreaterThan(0);
    expect(bodyRows().length).toBeLessThan(40);
  });

  it('rows coming into view while the grid scrolls show text, and their editors once it stops', async () => {
    const many = Array.from({ length: 200 }, (_, i) => row(`r${i}`, { pieces: i + 1, orderNum: i + 1 }));
    mount(many);
    const scroller = document.querySelector<HTMLElement>('[data-grid-scroller]')!;
    expect(scroller.querySelector('[data-cell="0:pieces"] input')).not.toBeNull();
    // jsdom keeps no scroll position of its own
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 100 * 56 });
    act(() => void fireEvent.scroll(scroller));
    const arrived = () => scroller.querySelector('[data-cell="100:pieces"]');
    expect(arrived()?.textContent).toBe('101');
    expect(arrived()?.querySelector('input')).toBeNull();
    act(() => void fireEvent(scroller, new Event('scrollend')));
    await waitFor(() => expect(arrived()?.querySelector('input')).not.toBeNull(), { timeout: 2000 });
    expect((arrived()!.querySelector('input') as HTMLInputElement).value).toBe('101');
  });

  it('a drag handle per row: dropping a row on another moves it there and renumbers the order', () => {
    const held = mount([row('a', { orderNum: 1 }), row('b', { orderNum: 2 }), row('c', { orderNum: 3 })]);
    expect(document.querySelector('th[aria-label="拖动排序"]')).not.toBeNull();
    const data = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByLabelText('拖动第3行'), { dataTransfer: data });
    fireEvent.dragOver(bodyRows()[0], { dataTransfer: data });
    fireEvent.drop(bodyRows()[0], { dataTransfer: data });
    expect(held.grid!.rows.map((r) => `${r.id}${r.orderNum}`)).toEqual(['c1', 'a2', 'b3']);
    expect(held.grid!.value().rows.map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('click-to-edit: text until clicked; a press outside turns it back to text keeping the value', async () => {
    const held = mount([row('a', { packing: '原箱' })], testProviders(), undefined, fields);
    const packing = document.querySelector('[data-cell="0:packing"]') as HTMLElement;
    expect(within(packing).queryByRole('textbox')).toBeNull();
    expect(packing.textContent).toBe('原箱');
    fireEvent.click(packing);
    const input = within(packing).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: '木箱' } });
    fireEvent.mouseDown(document.querySelector('[data-cell="0:pieces"]')!);
    expect(within(packing).queryByRole('textbox')).toBeNull();
    expect(packing.textContent).toBe('木箱');
    expect(held.grid!.rows[0].packing).toBe('木箱');
    // Escape puts back what the cell held when it was entered, and leaves the editor
    fireEvent.click(packing);
    const again = within(packing).getByRole('textbox') as HTMLInputElement;
    again.focus();
    fireEvent.change(again, { target: { value: '纸箱' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(held.grid!.rows[0].packing).toBe('木箱');
    expect(within(packing).queryByRole('textbox')).toBeNull();
  });

  it('a row the disabled-rows rule locks can be neither selected, edited, dragged nor selected by 全选', () => {
    const held = mount(
      [row('a', { packing: '已封箱', orderNum: 1 }), row('b', { packing: '木箱', orderNum: 2 })],
      testProviders(),
      undefined,
      alwaysEdit,
      { packing: '已封箱' },
    );
    const locked = bodyRows()[0] as HTMLElement;
    expect((within(locked).getByLabelText('选择第1行') as HTMLInputElement).disabled).toBe(true);
    expect((within(locked).getByLabelText('包装要求') as HTMLInputElement).disabled).toBe(true);
    expect(within(locked).queryByLabelText('拖动第1行')).toBeNull();
    fireEvent.click(screen.getByLabelText('全选'));
    expect(held.grid!.selected).toEqual(['b']);
    // judged on the row as loaded: typing the value into another row does not lock it
    act(() => held.grid!.setCell('b', 'packing', '已封箱'));
    expect(held.grid!.isDisabled('b')).toBe(false);
  });

  it('a row saved elsewhere: replaced when untouched, kept and marked when edited here; new rows appear', () => {
    const t0 = '2026-11-26 10:00:00';
    const t1 = '2026-11-26 10:05:00';
    const held = mount([
      row('s1', { packing: '原箱', updateTime: t0 }),
      row('s2', { packing: '囊匣', updateTime: t0 }),
    ]);
    act(() => held.grid!.setCell('s2', 'packing', '我改的'));
    act(() =>
      held.grid!.merge([
        row('s1', { packing: '他改的', updateTime: t1 }),
        row('s2', { packing: '他也改了', updateTime: t1 }),
        row('s3', { packing: '新箱', updateTime: t1 }),
      ]),
    );
    expect(held.grid!.rows.map((r) => r.packing)).toEqual(['他改的', '我改的', '新箱']);
    expect(held.grid!.stale).toEqual(['s2']);
    expect(screen.getByRole('alert').textContent).toBe('第2行：该行已被他人修改，保存将被拒绝，请刷新后重试');
    // the edited row still goes out with the time it was read: the server refuses it as stale
    expect(held.grid!.value().rows).toMatchObject([{ id: 's2', updateTime: t0 }]);
    // a row deleted elsewhere is dropped, with its edits
    act(() => held.grid!.drop(['s2', 'unknown']));
    expect(held.grid!.rows.map((r) => r.id)).toEqual(['s1', 's3']);
    expect(held.grid!.stale).toEqual([]);
    expect(held.grid!.value()).toEqual({ rows: [], deleted: [] });
  });
});
