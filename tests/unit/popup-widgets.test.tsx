// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldPart, FORM_PARTS, loadFieldParts } from '../../renderers/fields/parts';
import { filledData } from '../../renderers/form/form-data';
import { toUiSchema } from '../../renderers/form/schema';
import { formWidgets } from '../../renderers/form/widgets';
import { pickerOf } from '../../renderers/pickers/registry';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { stubAntdDom } from './support/antd-dom';

const workOrder = JSON.parse(fs.readFileSync('schemas/production/work-order.json', 'utf8')) as EntityDocument;
const field = (key: string) => workOrder.fields.find((f) => f.key === key)!;

beforeAll(async () => {
  stubAntdDom();
  await loadFieldParts(workOrder.fields, FORM_PARTS);
});
afterEach(cleanup);

/** a field type's form editor, drawn as rjsf draws it */
function editor(f: FieldDoc, value: string | undefined, onChange = vi.fn()) {
  const Editor = fieldPart(f, 'editor')!;
  const props = {
    id: `form_${f.key}`,
    name: f.key,
    value,
    registry: { formContext: {} },
    onChange,
    options: { fieldDoc: f },
  } as unknown as WidgetProps;
  render(<Editor {...props} />);
  return onChange;
}

describe('the popup field in a form', () => {
  it('is drawn with its own editor, not the record picker of other popupCode fields', () => {
    const ui = toUiSchema(workOrder, 'add');
    const widgets = formWidgets(workOrder.fields);
    expect(widgets[ui.productName['ui:widget'] as string]).toBe(fieldPart(field('productName'), 'editor'));
    expect(pickerOf(field('productName'))).toBeNull();
    expect(ui.remark['ui:widget']).toBe('field:input_pop');
  });

  it('shows the messages where a popup with wrong settings would be', () => {
    editor({ ...field('productName'), destFields: 'productName' }, undefined);
    expect(screen.getByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    cleanup();
    editor({ ...field('productName'), orgFields: undefined }, undefined);
    expect(screen.getByText('popup参数未正确配置!')).toBeTruthy();
  });

  it('shows the chosen value read-only, with a search icon that opens the selector', () => {
    editor(field('productName'), '汝窑天青釉品茗杯');
    const box = screen.getByDisplayValue('汝窑天青釉品茗杯') as HTMLInputElement;
    expect(box.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: '选择产品名称' })).toBeTruthy();
  });

  it('gives the filled values the types of the fields they fill', () => {
    expect(filledData(workOrder, { productName: '汝窑天青釉品茗杯', unitPrice: '128' })).toEqual({
      productName: '汝窑天青釉品茗杯',
      unitPrice: 128,
    });
    expect(filledData(workOrder, { unitPrice: '' })).toEqual({ unitPrice: undefined });
  });
});

describe('the input_pop field', () => {
  it('writes in a larger editor: 确定 keeps the text, 取消 drops it', async () => {
    const onChange = editor(field('remark'), '春节前');
    fireEvent.click(screen.getByRole('button', { name: '展开备注' }));
    const big = await screen.findByRole('textbox', { name: '备注（展开）' });
    expect((big as HTMLTextAreaElement).value).toBe('春节前');
    fireEvent.change(big, { target: { value: '春节前交付\n分两批发货' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenCalledWith('春节前交付\n分两批发货');
    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '展开备注' }));
    fireEvent.change(await screen.findByRole('textbox', { name: '备注（展开）' }), {
      target: { value: '不要了' },
    });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(onChange).not.toHaveBeenCalled());
  });
});
