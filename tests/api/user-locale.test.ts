import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, post, put } from './setup/client';
import { createUser, PASSWORD } from './setup/access';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const signIn = async (username: string) => (await post('/sys/login', { username, password: PASSWORD })).json;

describe('语言: a user’s console language is kept on the server', () => {
  it('follows the user to the next sign-in, for that user only', async () => {
    const [a, b] = [await createUser(admin), await createUser(admin)];
    expect((await signIn(a.username)).result.userInfo.locale).toBeNull();

    const saved = await put('/sys/user/locale', { locale: 'en-US' }, a.token);
    expect(saved.json).toMatchObject({ success: true, message: '语言已保存' });

    expect((await signIn(a.username)).result.userInfo.locale).toBe('en-US');
    expect((await signIn(b.username)).result.userInfo.locale).toBeNull();
  });

  it('refuses a language the console does not have, and changes nothing', async () => {
    const a = await createUser(admin);
    await put('/sys/user/locale', { locale: 'zh-CN' }, a.token);
    for (const locale of ['fr-FR', '', null, ['en-US']]) {
      const { json } = await put('/sys/user/locale', { locale }, a.token);
      expect(json).toMatchObject({ success: false, message: '语言须为 zh-CN、en-US 之一' });
    }
    expect((await signIn(a.username)).result.userInfo.locale).toBe('zh-CN');
  });

  it('needs a session', async () => {
    const { status } = await put('/sys/user/locale', { locale: 'en-US' });
    expect(status).toBe(401);
  });
});

describe('a document in the language the request asks for', () => {
  const unit = async (language?: string) =>
    (
      await call('GET', '/online/cgform/api/document/base_unit', {
        token: admin,
        headers: language ? { 'accept-language': language } : {},
      })
    ).json.result;

  it('gives its English words to en-US (and to another English), its own to everyone else', async () => {
    for (const language of ['en-US', 'en-GB,en;q=0.9']) {
      const doc = await unit(language);
      expect(doc.title).toBe('Units of measure');
      expect(doc.fields.find((f: { key: string }) => f.key === 'name').title).toBe('Unit name');
    }
    for (const language of [undefined, 'zh-CN', 'fr-FR']) {
      const doc = await unit(language);
      expect(doc.title).toBe('计量单位');
      expect(doc.fields.find((f: { key: string }) => f.key === 'name').title).toBe('单位名称');
    }
    // the other languages' words are not sent along
    expect(await unit('en-US')).not.toHaveProperty('locales');
    expect(await unit()).not.toHaveProperty('locales');
  });
});

describe('the menu in the language the request asks for', () => {
  type Node = { id: string; meta: { title: string }; children?: Node[] };
  const menu = async (language: string) =>
    (
      await call<{ menu: Node[] }>('GET', '/sys/permission/getUserPermissionByToken', {
        token: admin,
        headers: { 'accept-language': language },
      })
    ).json.result.menu;
  const titleOf = (nodes: Node[], id: string): string | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n.meta.title;
      const inner = titleOf(n.children ?? [], id);
      if (inner) return inner;
    }
    return undefined;
  };

  it('names 首页, the groups and the documents with English titles in English, the rest as stored', async () => {
    const en = await menu('en-US');
    expect(titleOf(en, 'menu_home')).toBe('Home');
    expect(titleOf(en, 'grp_base')).toBe('Base data');
    expect(titleOf(en, 'doc_base_unit')).toBe('Units of measure');
    expect(titleOf(en, 'doc_base_position')).toBe('Positions');
    // a screen of schemas/system/report-screens.json has no English words: its stored name shows
    expect(titleOf(en, 'scr_cgreport')).toBe('在线报表');
    const zh = await menu('zh-CN');
    expect([titleOf(zh, 'menu_home'), titleOf(zh, 'grp_base'), titleOf(zh, 'doc_base_unit')]).toEqual([
      '首页',
      '基础数据',
      '计量单位',
    ]);
  });
});
