import { describe, expect, it } from 'vitest';
import type { FieldDoc } from '../../src/core/document/types';
import { displayText } from '../../src/core/fields/registry';

const money: FieldDoc = { key: 'price', title: '单价(元)', type: 'inputNumber', length: 12, scale: 2 };

describe('the text a list cell and the detail show for a value, by field type', () => {
  it('a decimal shows thousands separators and its scale', () => {
    expect(displayText(money, '1234567.5')).toBe('1,234,567.50');
    expect(displayText(money, 5200)).toBe('5,200.00');
    expect(displayText(money, '-1234.567')).toBe('-1,234.57');
    expect(displayText(money, '0.5')).toBe('0.50');
    // exact beyond a double's 15 digits: numeric(18,2) comes as text
    expect(displayText(money, '9999999999999999.99')).toBe('9,999,999,999,999,999.99');
    expect(displayText({ ...money, scale: 4 }, '3.1')).toBe('3.1000');
    expect(displayText({ ...money, scale: undefined }, '7')).toBe('7.00');
  });

  it('leaves integers, empty values and other types as they are', () => {
    expect(displayText({ ...money, dbType: 'int', scale: undefined }, 2024)).toBe('2024');
    expect(displayText(money, null)).toBe('');
    expect(displayText(money, '')).toBe('');
    expect(displayText({ key: 'code', title: '编码', type: 'input' }, '12345')).toBe('12345');
  });
});
