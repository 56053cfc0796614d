import { describe, expect, it } from 'vitest';
import { checkValue, parseCheckRule } from '../../src/server/sys/rules/check';
import { childCode, ordinal } from '../../src/server/sys/rules/codes';

describe('positional codes (3 characters a level)', () => {
  it('the first child of a parent is A01 under it', () => {
    expect(childCode('', 1)).toBe('A01');
    expect(childCode('A01', 1)).toBe('A01A01');
  });

  it('counts 01 to 99, then moves to the next letter', () => {
    expect(childCode('', ordinal('A01') + 1)).toBe('A02');
    expect(childCode('A01', ordinal('A01A09') + 1)).toBe('A01A10');
    expect(childCode('', ordinal('A99') + 1)).toBe('B01');
    expect(childCode('B02', ordinal('B02C99') + 1)).toBe('B02D01');
    expect(ordinal('Z99')).toBe(2574);
  });

  it('refuses past Z99 and codes outside the scheme', () => {
    expect(() => childCode('', ordinal('Z99') + 1)).toThrow('同级编码已用尽');
    expect(() => ordinal('a1')).toThrow('不符合逐级编码规则');
  });
});

describe('check rules (segments of digits or *)', () => {
  const rule = parseCheckRule(
    JSON.stringify([
      { digits: '2', pattern: '[A-Z]{2}', message: '前两位须是大写字母' },
      { digits: 4, pattern: '\\d{4}', message: '第3到6位须是年份' },
      { digits: '*', pattern: '.{6,11}', message: '长度须在6到11位之间' },
    ]),
  );

  it('passes a value every segment matches, and an empty value', () => {
    expect(checkValue(rule, 'CP2024-0001')).toBeNull();
    expect(checkValue(rule, '')).toBeNull();
    expect(checkValue(rule, '  ')).toBeNull();
  });

  it('reports the first failing segment with its slice and indexes', () => {
    expect(checkValue(rule, 'cp2024')).toEqual({
      digits: '2',
      pattern: '[A-Z]{2}',
      message: '前两位须是大写字母',
      beginIndex: 0,
      endIndex: 2,
      checkValue: 'cp',
      passed: false,
    });
    expect(checkValue(rule, 'CP20X4')).toMatchObject({ beginIndex: 2, endIndex: 6, checkValue: '20X4' });
  });

  it('a slice the value has not reached yet is empty; * checks the whole value without moving', () => {
    expect(checkValue(rule, 'CP')).toMatchObject({
      message: '第3到6位须是年份',
      checkValue: '',
      beginIndex: 2,
      endIndex: 2,
    });
    const star = checkValue(rule, 'CP2024-00001');
    expect(star).toMatchObject({ digits: '*', checkValue: 'CP2024-00001', message: '长度须在6到11位之间' });
    expect(star).not.toHaveProperty('beginIndex');
  });

  it('a pattern must match its whole slice', () => {
    const r = parseCheckRule(JSON.stringify([{ digits: '3', pattern: '\\d', message: '须是数字' }]));
    expect(checkValue(r, '123')).toMatchObject({ message: '须是数字' });
  });

  it('refuses rule JSON it cannot run', () => {
    expect(() => parseCheckRule('not json')).toThrow('规则JSON不是合法的 JSON');
    expect(() => parseCheckRule('[]')).toThrow('规则JSON须是');
    expect(() => parseCheckRule('[{"digits":"0","pattern":"a","message":"m"}]')).toThrow('位数');
    expect(() => parseCheckRule('[{"digits":"*","pattern":"(","message":"m"}]')).toThrow('正则表达式不正确');
    expect(() => parseCheckRule('[{"digits":"*","pattern":"a"}]')).toThrow('缺少提示文本');
  });
});
