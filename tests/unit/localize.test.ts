import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/core/document/load';
import { localize, untitledIn } from '../../src/core/document/localize';
import type { EntityDocument } from '../../src/core/document/types';
import { menuTitleIn } from '../../src/server/menu/menu-titles';

const notice = (locales?: unknown) => ({
  kind: 'entity',
  code: 'g_notice',
  title: '通知',
  table: 'g_notice',
  permission: 'g:notice:',
  list: { kind: 'plain', pageSize: 10, sort: { column: 'title' }, count: 'exact' },
  fields: [
    {
      key: 'title',
      title: '标题',
      type: 'input',
      placeholder: '请输入标题',
      validateRules: [
        { required: true, message: '请输入标题' },
        { pattern: '^\\S+$', message: '标题不能有空格' },
      ],
    },
    { key: 'body', title: '内容', type: 'textarea' },
  ],
  actions: [
    {
      key: 'release',
      label: '发布',
      place: 'row',
      kind: 'call',
      permission: 'release',
      confirm: '确定发布吗?',
      params: { method: 'GET', url: '/g/notice/release' },
    },
  ],
  ...(locales ? { locales } : {}),
});

const load = (locales?: unknown) =>
  loadCatalog([
    { path: 'system/menus.json', json: { kind: 'menus', groups: [{ key: 'g', title: '组', order: 1 }] } },
    { path: 'g/notice.json', json: notice(locales) },
  ]);

const english = {
  'en-US': {
    title: 'Notices',
    fields: { title: { title: 'Title', placeholder: 'Enter a title', messages: ['A notice needs a title'] } },
    actions: { release: { label: 'Publish' } },
    labels: { add: 'New notice' },
  },
};

describe('a document in another language (src/core/document/localize.ts)', () => {
  it('takes the English words it has and keeps its own for the rest, never a key', () => {
    const doc = load(english).catalog.entities.get('g_notice')!;
    const en = localize(doc, 'en-US');
    expect(en.title).toBe('Notices');
    expect(en.fields.map((f) => [f.title, f.placeholder])).toEqual([
      ['Title', 'Enter a title'],
      ['内容', undefined],
    ]);
    expect(en.actions!.map((a) => [a.label, a.confirm])).toEqual([['Publish', '确定发布吗?']]);
    expect(en.labels).toEqual({ add: 'New notice' });
    // a rule keeps its check; its message is the English one, or none (the generic one) when not given
    expect(en.fields[0].validateRules).toEqual([
      { required: true, message: 'A notice needs a title' },
      { pattern: '^\\S+$' },
    ]);
    expect(en).not.toHaveProperty('locales');
    const zh = localize(doc, 'zh-CN');
    expect([zh.title, zh.fields[0].title, zh.actions![0].label]).toEqual(['通知', '标题', '发布']);
    expect(zh).not.toHaveProperty('locales');
  });

  it('refuses words for a field or an action the document does not have', () => {
    const wrong = {
      'en-US': { title: 'Notices', fields: { nope: { title: 'X' } }, actions: { eval: { label: 'Y' } } },
    };
    expect(load(wrong).problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      "/locales/en-US/fields/nope: 'nope' is not a field of this document",
      "/locales/en-US/actions/eval: 'eval' is not an action of this document",
    ]);
    expect(load({ 'fr-FR': { title: 'Avis' } }).problems.map((p) => p.path)).toContain('/locales');
    const tooMany = { 'en-US': { fields: { body: { messages: ['Say something'] } } } };
    expect(load(tooMany).problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      '/locales/en-US/fields/body/messages: more messages than the field has rules',
    ]);
  });

  it('names the documents without an English title, which schemas:check warns of', () => {
    const docs = [load(english), load()].map((l) => l.catalog.entities.get('g_notice')!);
    expect(
      untitledIn(
        'en-US',
        docs.map((d, i): EntityDocument => ({ ...d, code: `d${i}` })),
      ),
    ).toEqual(['d1']);
  });
});

describe('menu titles in another language (src/server/menu/menu-titles.ts)', () => {
  it("takes the source's English title while the row keeps the source's name, and an administrator's name as written", () => {
    const { catalog } = load(english);
    const en = menuTitleIn(catalog, 'en-US');
    expect(en('doc_g_notice', '通知')).toBe('Notices');
    expect(en('doc_g_notice', '本馆通知')).toBe('本馆通知');
    expect(en('menu_home', '首页')).toBe('Home');
    expect(en('grp_g', '组')).toBe('组');
    expect(menuTitleIn(catalog, 'zh-CN')('doc_g_notice', '通知')).toBe('通知');
  });
});
