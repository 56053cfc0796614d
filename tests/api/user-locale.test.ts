import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, post, put } from './setup/client';
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
