// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { EntityDocument } from '../../src/core/document/types';
import { GRID_PARTS, loadFieldParts } from '../../renderers/fields/parts';
import type { GridRights } from '../../renderers/grid/EditableGrid';
import { gridFields, type GridRow } from '../../renderers/grid/grid-model';
import { OneRowForm } from '../../renderers/grid/OneRowForm';
import { useGrid, type Grid } from '../../renderers/grid/use-grid';
import { RendererProviders } from '../../renderers/providers';
import { stubAntdDom } from './support/antd-dom';
import { testProviders } from './support/providers';

const insurance = JSON.parse(fs.readFileSync('schemas/museum/loan-insurance.json', 'utf8')) as EntityDocument;
const fields = gridFields(insurance, 'loanId');
const ALL: GridRights = { add: true, edit: true, delete: true };

// the grid's cells load before it draws, as renderers/grid/TabFormModal.tsx loads them
beforeAll(async () => {
  stubAntdDom();
  await loadFieldParts(fields, GRID_PARTS);
});
afterEach(cleanup);

function mount(initial: GridRow[], rights = ALL) {
  const held: { grid: Grid | null } = { grid: null };
  function Harness() {
    const grid = useGrid(fields, initial, { title: '保险信息' });
    held.grid = grid;
    return (
      <OneRowForm grid={grid} options={{}} name="ins" title="保险信息" readOnly={false} rights={rights} />
    );
  }
  render(
    <RendererProviders value={testProviders()}>
      <Harness />
    </RendererProviders>,
  );
  return held;
}

describe('a one-to-one sub-table as a form', () => {
  it('without a row it offers 填写; the new row is checked like a grid row before a save', () => {
    const held = mount([]);
    expect(screen.getByText('暂无保险信息')).toBeTruthy();
    expect(screen.queryByLabelText(/承保公司/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '填写保险信息' }));
    const insurer = screen.getByLabelText(/承保公司/) as HTMLInputElement;
    let ok = true;
    act(() => {
      ok = held.grid!.validate();
    });
    expect(ok).toBe(false);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('请输入承保公司');
    fireEvent.change(insurer, { target: { value: '中国人保' } });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).not.toContain('请输入承保公司');
    expect(held.grid!.value().rows).toEqual([expect.objectContaining({ insurer: '中国人保' })]);
  });

  it('清除 asks first, then the saved row is sent as deleted and 填写 is offered again', async () => {
    const held = mount([
      { id: 'ins-1', insurer: '中国人保', policyNo: 'PICC-1', amount: 1, startOn: '2026-01-01' },
    ]);
    expect((screen.getByLabelText(/承保公司/) as HTMLInputElement).value).toBe('中国人保');
    fireEvent.click(screen.getByRole('button', { name: '清除保险信息' }));
    expect(await screen.findByText('确定清除保险信息吗?保存后删除')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    });
    expect(screen.getByRole('button', { name: '填写保险信息' })).toBeTruthy();
    expect(held.grid!.value()).toEqual({ rows: [], deleted: ['ins-1'] });
  });

  it('without the edit grant a saved row is shown, not edited; without delete it cannot be cleared', () => {
    mount([{ id: 'ins-1', insurer: '中国人保' }], { add: true, edit: false, delete: false });
    expect((screen.getByLabelText(/承保公司/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '清除保险信息' })).toBeNull();
  });
});
