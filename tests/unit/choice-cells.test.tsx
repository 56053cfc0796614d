// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldDoc } from '../../src/core/document/types';
import { fieldPart, loadFieldParts } from '../../renderers/fields/parts';
import { FIELD_TYPE_NAMES } from '../../src/core/fields/registry';
import type { GridEditorProps } from '../../renderers/fields/types';
import { TextCell } from '../../renderers/grid/cells';
import { stubAntdDom } from './support/antd-dom';
import { testProviders } from './support/providers';

beforeAll(async () => {
  stubAntdDom();
  testProviders();
  await loadFieldParts(
    FIELD_TYPE_NAMES.map((type) => ({ type })),
    ['gridEditor'],
  );
});
afterEach(cleanup);

const options = [
  { value: 'a', text: '甲' },
  { value: 'b', text: '乙' },
  { value: 'c', text: '丙' },
];

/** a field's grid cell as the registry gives it */
function cell(field: FieldDoc, value: unknown, onChange = vi.fn()) {
  const Cell = fieldPart(field, 'gridEditor')!;
  const props: GridEditorProps = {
    id: 'x',
    field,
    value,
    options,
    invalid: false,
    onChange,
    onBlur: () => {},
  };
  return { ...render(<Cell {...props} />), onChange };
}

describe('choice cells (column types and sizes)', () => {
  it('list_multi: one tag shows, the rest as +N; the value stays comma-joined', () => {
    const { container } = cell({ key: 'k', title: '多选', type: 'list_multi' }, 'a,b,c');
    const tags = [...container.querySelectorAll('.ant-select-selection-item')].map((t) => t.textContent);
    expect(tags).toEqual(['甲', '+ 2 ...']);
  });

  it('checkbox: several options as boxes, stored comma-joined', () => {
    const { onChange } = cell({ key: 'k', title: '复选', type: 'checkbox' }, 'a');
    fireEvent.click(screen.getByLabelText('丙'));
    expect(onChange).toHaveBeenCalledWith('a,c');
  });

  it('switch: its customValue pair is stored', () => {
    const field: FieldDoc = { key: 'k', title: '开关', type: 'switch', customValue: ['1', '0'] };
    const on = cell(field, '1');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch'));
    expect(on.onChange).toHaveBeenCalledWith('0');
    cleanup();
    const off = cell(field, undefined);
    fireEvent.click(screen.getByRole('switch'));
    expect(off.onChange).toHaveBeenCalledWith('1');
  });

  it('a tags text cell cuts what is typed into pairs', () => {
    const onChange = vi.fn();
    const field: FieldDoc = { key: 'k', title: '标记', type: 'input', gridTags: true };
    render(
      <TextCell
        id="x"
        field={field}
        value={undefined}
        invalid={false}
        onChange={onChange}
        onBlur={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('标记'), { target: { value: '易碎防潮;' } });
    expect(onChange).toHaveBeenCalledWith('易碎;防潮');
  });
});
