import { afterEach, describe, expect, it } from 'vitest';
import { areaOfFile, chooseWords } from '../../src/core/messages';
import type { FieldDoc } from '../../src/core/document/types';
import { brokenFieldText } from '../../renderers/form/FieldBoundary';
import english from '../../renderers/form/messages.en-US';

afterEach(() => chooseWords('zh-CN', {}));

describe("the form's words (renderers/form/messages.ts)", () => {
  const field = { key: 'price', title: '单价', type: 'inputNumber' } as FieldDoc;

  it('says a broken field in zh-CN exactly as before, and in English once English is chosen', () => {
    expect(brokenFieldText('订单', field, new Error('boom'))).toBe(
      '订单 · 单价（price，类型 inputNumber）无法显示：boom',
    );
    chooseWords('en-US', { [areaOfFile('/renderers/form/messages.en-US.ts')]: english });
    expect(brokenFieldText(undefined, field, new Error('boom'))).toBe(
      '单价 (price, type inputNumber) cannot be shown: boom',
    );
  });
});
