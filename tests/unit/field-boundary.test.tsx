// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import Form from '@rjsf/antd';
import { formValidator } from '../../renderers/form/validator';
import type { FieldDoc } from '../../src/core/document/types';
import { GuardedFieldTemplate } from '../../renderers/form/FieldBoundary';
import { stubAntdDom } from './support/antd-dom';

beforeAll(stubAntdDom);
afterEach(cleanup);

const broken: FieldDoc = { key: 'cron', title: '执行周期', type: 'input' };
const fine: FieldDoc = { key: 'name', title: '名称', type: 'input' };

function Broken(): never {
  throw new Error('表达式无法解析');
}

describe('a field whose renderer fails', () => {
  it('shows an error naming the document, the field and its type; the other fields still render', () => {
    // React reports the caught error on the console; the test is about what the user sees
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(
      <Form
        schema={{
          type: 'object',
          properties: {
            cron: { type: 'string', title: '执行周期' },
            name: { type: 'string', title: '名称' },
          },
        }}
        uiSchema={{
          cron: { 'ui:widget': 'Broken', 'ui:options': { fieldDoc: broken } },
          name: { 'ui:options': { fieldDoc: fine } },
        }}
        widgets={{ Broken }}
        templates={{ FieldTemplate: GuardedFieldTemplate }}
        formContext={{ docTitle: '定时任务' }}
        validator={formValidator}
      />,
    );
    expect(screen.getByText('定时任务 · 执行周期（cron，类型 input）无法显示：表达式无法解析')).toBeTruthy();
    expect(container.querySelector('input#root_name')).not.toBeNull();
  });
});
