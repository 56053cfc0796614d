import { describe, expect, it } from 'vitest';
import { fieldColumn } from '../../src/core/document/model';
import type { FieldDoc } from '../../src/core/document/types';
import { displayText, fieldType, type FieldType } from '../../src/core/fields/registry';
import { validateField } from '../../src/core/validation/validate';

const field = (type: FieldType, more: Partial<FieldDoc> = {}): FieldDoc => ({
  key: 'v',
  title: '配置',
  type,
  ...more,
});
const check = (f: FieldDoc, value: unknown) => validateField(f, value, fieldColumn(f));

describe('code: SQL and JSON kept as written', () => {
  const json = field('code', { props: { language: 'json' } });

  it('a JSON field takes well-formed JSON only, saying where it broke', () => {
    expect(check(json, '{"rows": [1, 2], "title": "展厅"}')).toBeNull();
    expect(check(json, '[]')).toBeNull();
    expect(check(json, '{"rows": [1, 2],\n "title" "展厅"}')).toBe(
      '配置不是合法的 JSON（第 2 行第 10 列附近）',
    );
    expect(check(json, '{"rows": [1, 2')).toMatch(/^配置不是合法的 JSON/);
    expect(check(json, "{'single': 'quotes'}")).toMatch(/^配置不是合法的 JSON/);
  });

  it('an empty JSON field is simply empty (required only by its rules)', () => {
    expect(check(json, '')).toBeNull();
    expect(
      check(field('code', { props: { language: 'json' }, validateRules: [{ required: true }] }), ''),
    ).toBe('请输入配置!');
  });

  it('SQL (or a field without a language) is not parsed: any text is kept', () => {
    expect(check(field('code', { props: { language: 'sql' } }), 'select * from t where a = {')).toBeNull();
    expect(check(field('code'), 'not json {')).toBeNull();
  });

  it('is a text column, not searched', () => {
    expect(fieldColumn(field('code')).dbType).toBe('text');
    expect(fieldType(field('code')).search).toEqual([]);
  });
});

describe('markdown and rich text: a list cell shows words, not markup', () => {
  it('markdown drops its marks; an image leaves its remark, a link its words', () => {
    const md = [
      '# 青铜器 **馆藏**',
      '',
      '> 西周 _早期_',
      '',
      '- [ ] 待拍摄',
      '1. 见 [藏品目录](https://example.org/c)',
      '',
      '![鼎的正面](temp/ding_1.png)',
      '',
      '| 尺寸 | 重量 |',
      '| --- | --- |',
      '| 30cm | `2kg` |',
      '',
      '```sql',
      'select 1',
      '```',
      '<b>粗</b> &amp; 细',
    ].join('\n');
    expect(displayText(field('markdown'), md)).toBe(
      '青铜器 馆藏 西周 早期 待拍摄 见 藏品目录 鼎的正面 尺寸 重量 30cm 2kg select 1 粗 & 细',
    );
  });

  it('rich text drops tags (a script with its code) and reads entities', () => {
    const html =
      '<p>展签<strong>一</strong></p><script>alert(1)</script><p>年代&nbsp;&lt;西周&gt;&#x4e00;</p><img src="x" onerror="alert(1)">';
    expect(displayText(field('umeditor'), html)).toBe('展签一 年代 <西周>一');
  });

  it('rich text is marked for the server to clean on write; markdown and code are kept as written', () => {
    expect(fieldType(field('umeditor')).richText).toBe(true);
    expect(fieldType(field('markdown')).richText).toBeFalsy();
    expect(fieldType(field('code')).richText).toBeFalsy();
  });
});
