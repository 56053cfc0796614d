// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EntityDocument } from '../../src/core/document/types';
import { GRID_PARTS, loadFieldParts } from '../../renderers/fields/parts';
import { EditableGrid } from '../../renderers/grid/EditableGrid';
import { gridFields, rowsToSend, type GridRow } from '../../renderers/grid/grid-model';
import {
  moveNode,
  placeRow,
  shownTree,
  siblingIndex,
  subtreeEnd,
  withDescendants,
} from '../../renderers/grid/grid-tree';
import { useGrid, type Grid } from '../../renderers/grid/use-grid';
import { useGridTree } from '../../renderers/grid/use-grid-tree';
import { RendererProviders, type Providers } from '../../renderers/providers';
import { stubAntdDom } from './support/antd-dom';
import { testProviders } from './support/providers';

const packing = JSON.parse(fs.readFileSync('schemas/museum/loan-packing.json', 'utf8')) as EntityDocument;
const fields = gridFields(packing, 'loanId');
const keys = packing.tree!;

/** a packing row: id, parent, name, order (hasChild '1' when the server knows children) */
const node = (id: string, pid: string, orderNum: number, hasChild = '0'): GridRow => ({
  id,
  pid,
  hasChild,
  name: id,
  orderNum,
});

/** 外箱 A (内箱 A1 (藏品 A1a), 附件 A2), 外箱 B, 外箱 C: in tree order, as the grid holds them */
const sample = (): GridRow[] => [
  node('A', '0', 1, '1'),
  node('A1', 'A', 1, '1'),
  node('A1a', 'A1', 1),
  node('A2', 'A', 2),
  node('B', '0', 2),
  node('C', '0', 3),
];
const ids = (rows: readonly GridRow[]) => rows.map((r) => r.id);
const shownIds = (nodes: readonly { row: GridRow }[]) => nodes.map((n) => n.row.id);

// the grid's cells load before it draws, as renderers/grid/TabFormModal.tsx loads them
beforeAll(async () => {
  await loadFieldParts(fields, GRID_PARTS);
  stubAntdDom();
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

describe('tree rows of the grid ("Expandable tree table")', () => {
  it('the grid of a tree sub-table shows neither the parent key nor the child flag', () => {
    expect(fields.map((f) => f.key)).not.toContain('pid');
    expect(fields.map((f) => f.key)).not.toContain('hasChild');
    expect(fields[0].key).toBe('name');
  });

  it('a node and its loaded descendants are one run of rows', () => {
    const rows = sample();
    expect(subtreeEnd(rows, 0, keys)).toBe(4);
    expect(subtreeEnd(rows, 1, keys)).toBe(3);
    expect(subtreeEnd(rows, 4, keys)).toBe(5);
    expect([...withDescendants(rows, ['A'], keys)].sort()).toEqual(['A', 'A1', 'A1a', 'A2']);
  });

  it('only roots and the children of open nodes are in view, each with its depth', () => {
    const rows = sample();
    expect(shownIds(shownTree(rows, keys, new Set()))).toEqual(['A', 'B', 'C']);
    // A1 open but A closed: nothing under A shows
    expect(shownIds(shownTree(rows, keys, new Set(['A1'])))).toEqual(['A', 'B', 'C']);
    const open = shownTree(rows, keys, new Set(['A', 'A1']));
    expect(open.map((n) => [n.row.id, n.depth])).toEqual([
      ['A', 0],
      ['A1', 1],
      ['A1a', 2],
      ['A2', 1],
      ['B', 0],
      ['C', 0],
    ]);
  });

  it('a node moves past its sibling with both subtrees; the siblings are renumbered', () => {
    const rows = sample();
    expect(siblingIndex(rows, 'A', -1, keys)).toBe(-1);
    expect(siblingIndex(rows, 'A2', -1, keys)).toBe(1);
    expect(siblingIndex(rows, 'A1', 1, keys)).toBe(3);
    expect(siblingIndex(rows, 'A2', 1, keys)).toBe(-1);
    const down = moveNode(rows, 'A', 1, keys, fields);
    expect(ids(down)).toEqual(['B', 'A', 'A1', 'A1a', 'A2', 'C']);
    expect(down.filter((r) => r.pid === '0').map((r) => [r.id, r.orderNum])).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
    ]);
    const up = moveNode(rows, 'A2', -1, keys, fields);
    expect(ids(up)).toEqual(['A', 'A2', 'A1', 'A1a', 'B', 'C']);
    expect(up.find((r) => r.id === 'A1a')!.orderNum).toBe(1);
    expect(moveNode(rows, 'C', 1, keys, fields)).toBe(rows);
  });

  it('a new row goes after its parent’s subtree, or after the subtree of the row it is inserted below', () => {
    const rows = sample();
    expect(ids(placeRow(rows, node('n', 'A', 3), keys))).toEqual(['A', 'A1', 'A1a', 'A2', 'n', 'B', 'C']);
    expect(ids(placeRow(rows, node('n', 'A', 3), keys, 'A1'))).toEqual([
      'A',
      'A1',
      'A1a',
      'n',
      'A2',
      'B',
      'C',
    ]);
    expect(ids(placeRow(rows, node('n', '0', 4), keys))).toEqual([...ids(rows), 'n']);
  });

  it('a save sends each row’s parent: a saved id, a new row’s temporary id, or none for a root', () => {
    const sent = rowsToSend(fields, [node('Tmp001', '', 1), node('Tmp002', 'Tmp001', 1)], 'pid');
    expect(sent.map((r) => [r.id, r.pid])).toEqual([
      ['Tmp001', null],
      ['Tmp002', 'Tmp001'],
    ]);
  });
});

/** the packing grid of a saved loan whose children come from `load` */
function mount(
  initial: GridRow[],
  load: (pid: string) => Promise<GridRow[]>,
  providers: Providers = testProviders(),
) {
  const held: { grid: Grid | null } = { grid: null };
  function Harness() {
    const grid = useGrid(fields, initial, { title: '装箱清单', tree: keys });
    const tree = useGridTree(grid, keys.textField, load);
    held.grid = grid;
    return (
      <EditableGrid
        grid={grid}
        options={{ packType: [{ value: 'crate', text: '外箱' }] }}
        name="p"
        tree={tree}
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

const names = () =>
  [...document.querySelectorAll<HTMLInputElement>('tbody tr[data-row] td[data-cell$=":name"] input')].map(
    (i) => i.value,
  );
const button = (name: string) =>
  screen.getByRole('button', { name: name.length === 2 ? [...name].join(' ') : name }) as HTMLButtonElement;

describe('the tree grid', () => {
  it('children load on the first expand only; a node that gets none becomes a leaf', async () => {
    const load = vi.fn((pid: string) =>
      Promise.resolve(pid === 'A' ? [node('A1', 'A', 1), node('A2', 'A', 2)] : []),
    );
    mount([node('A', '0', 1, '1'), node('B', '0', 2, '1'), node('C', '0', 3)], load);
    expect(names()).toEqual(['A', 'B', 'C']);
    // C the server says has no children: no button
    expect(screen.queryByRole('button', { name: '展开 C' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开 A' }));
    await waitFor(() => expect(names()).toEqual(['A', 'A1', 'A2', 'B', 'C']));
    expect(screen.getByRole('button', { name: '收起 A' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '收起 A' }));
    expect(names()).toEqual(['A', 'B', 'C']);
    fireEvent.click(screen.getByRole('button', { name: '展开 A' }));
    expect(names()).toEqual(['A', 'A1', 'A2', 'B', 'C']);
    expect(load).toHaveBeenCalledTimes(1);
    // B said it had children, but the server returns none: B becomes a leaf
    fireEvent.click(screen.getByRole('button', { name: '展开 B' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^(展开|收起) B$/ })).toBeNull());
    expect(load).toHaveBeenCalledWith('B');
  });

  it('an answer of an unknown shape is reported and the node becomes a leaf', async () => {
    const p = testProviders();
    mount([node('A', '0', 1, '1')], () => Promise.reject(new Error('返回数据类型不识别')), p);
    fireEvent.click(screen.getByRole('button', { name: '展开 A' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /A$/ })).toBeNull());
    expect(p.notices.error).toHaveBeenCalledWith('系统提示', '返回数据类型不识别');
  });

  it('the toolbar starts collapsed; 添加下级 opens the node and adds under it with the next order', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const load = vi.fn(() => Promise.resolve([node('A1', 'A', 1), node('A2', 'A', 2)]));
    const held = mount([node('A', '0', 1, '1'), node('B', '0', 2)], load);
    expect(screen.queryByRole('button', { name: '新 增' })).toBeNull();
    const toolbar = screen.getByRole('button', { name: /工具栏/ });
    expect(toolbar.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toolbar);
    expect(button('添加下级').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择第1行'));
    await act(async () => {
      fireEvent.click(button('添加下级'));
    });
    await waitFor(() => expect(held.grid!.rows).toHaveLength(5));
    const added = held.grid!.rows[3];
    expect(ids(held.grid!.rows)).toEqual(['A', 'A1', 'A2', added.id, 'B']);
    expect(added).toMatchObject({ pid: 'A', orderNum: 3, quantity: 1 });
    expect(names()).toEqual(['A', 'A1', 'A2', '', 'B']);
    // a child of the new row: its parent is the temporary id, sent so
    now.mockReturnValue(1_002_000);
    fireEvent.click(screen.getByLabelText('选择第1行'));
    fireEvent.click(screen.getByLabelText('选择第4行'));
    await act(async () => {
      fireEvent.click(button('添加下级'));
    });
    const grandchild = held.grid!.rows[4];
    expect(grandchild).toMatchObject({ pid: added.id, orderNum: 1 });
    expect(held.grid!.value().rows.map((r) => r.pid)).toEqual(['A', added.id]);
  });

  it('上移 and 下移 stay among siblings; deleting a node deletes its loaded subtree', async () => {
    const held = mount([node('A', '0', 1, '1'), node('B', '0', 2)], () =>
      Promise.resolve([node('A1', 'A', 1, '0'), node('A2', 'A', 2)]),
    );
    fireEvent.click(screen.getByRole('button', { name: /工具栏/ }));
    fireEvent.click(screen.getByRole('button', { name: '展开 A' }));
    await waitFor(() => expect(names()).toEqual(['A', 'A1', 'A2', 'B']));
    fireEvent.click(screen.getByLabelText('选择第3行'));
    expect(button('下移').disabled).toBe(true);
    fireEvent.click(button('上移'));
    expect(names()).toEqual(['A', 'A2', 'A1', 'B']);
    expect(button('上移').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择第2行'));
    fireEvent.click(screen.getByLabelText('选择第1行'));
    fireEvent.click(button('删除'));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    });
    expect(names()).toEqual(['B']);
    expect(held.grid!.value().deleted.sort()).toEqual(['A', 'A1', 'A2']);
  });

  it('a failing cell inside a closed branch opens the branch on save', async () => {
    // every cell of A passes; its child A1 lacks its name
    const whole = { packType: 'crate', quantity: 1 };
    const held = mount([{ ...node('A', '0', 1, '1'), ...whole }], () =>
      Promise.resolve([{ ...node('A1', 'A', 1), ...whole, name: '' }]),
    );
    fireEvent.click(screen.getByRole('button', { name: '展开 A' }));
    await waitFor(() => expect(names()).toEqual(['A', '']));
    fireEvent.click(screen.getByRole('button', { name: '收起 A' }));
    expect(names()).toEqual(['A']);
    let ok = true;
    act(() => {
      ok = held.grid!.validate();
    });
    expect(ok).toBe(false);
    await waitFor(() => expect(names()).toEqual(['A', '']));
    expect(screen.getByRole('alert').textContent).toBe('请输入箱件名称');
  });
});
