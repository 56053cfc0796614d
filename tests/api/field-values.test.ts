import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, put, uniq } from './setup/client';

/**
 * Issue 8 item 18 on the product's own documents (and on both databases): a user's 头像 takes only
 * an uploaded picture or a network address, 负责部门 only departments that exist, an
 * announcement's 指定用户 only users that exist. Refused values come back under their fields and
 * change nothing.
 */
let admin = '';
let userId = '';
beforeAll(async () => {
  admin = await adminToken();
  const add = await post('/sys/user/add', { username: `fv_${uniq()}`, realname: '字段值' }, admin);
  userId = add.json.result;
});

const user = async () => (await get('/sys/user/queryById', admin, { id: userId })).json.result;

async function uploadAvatar(): Promise<string> {
  const form = new FormData();
  form.append('biz', 'avatar');
  form.append('file', new Blob([new Uint8Array(fs.readFileSync('fixtures/files/avatar.png'))]), 'me.png');
  return (await (await fetchRaw('/sys/common/upload', admin, { method: 'POST', body: form })).json()).message;
}

describe('values checked on write, on the product documents', () => {
  it('头像 refuses a path out of the upload root, a script link and a path never uploaded', async () => {
    for (const avatar of ['../../etc/passwd', 'javascript:alert(1)', 'avatar/never_uploaded_1.png']) {
      const { json } = await put('/sys/user/edit', { id: userId, avatar }, admin);
      expect(json, avatar).toMatchObject({
        success: false,
        message: '头像须为本系统上传的图片或 http(s) 网址',
      });
      expect(json.result.errors).toEqual([
        { field: 'avatar', message: '头像须为本系统上传的图片或 http(s) 网址' },
      ]);
    }
    expect((await user()).avatar).toBeNull();
  });

  it('头像 takes what the upload answered, or a network picture', async () => {
    const stored = await uploadAvatar();
    expect((await put('/sys/user/edit', { id: userId, avatar: stored }, admin)).json.success).toBe(true);
    expect((await user()).avatar).toBe(stored);
    const url = 'https://example.org/staff/me.png';
    expect((await put('/sys/user/edit', { id: userId, avatar: url }, admin)).json.success).toBe(true);
    expect((await user()).avatar).toBe(url);
  });

  it('负责部门 (sel_depart) takes existing departments only', async () => {
    const bad = await put('/sys/user/edit', { id: userId, departIds: 'dep_it,nodept' }, admin);
    expect(bad.json.result.errors).toEqual([{ field: 'departIds', message: '负责部门的值不在可选范围内' }]);
    expect((await user()).departIds).toBeNull();
    const ok = await put('/sys/user/edit', { id: userId, departIds: ['dep_it', 'dep_storage'] }, admin);
    expect(ok.json.success).toBe(true);
    expect((await user()).departIds).toBe('dep_it,dep_storage');
  });

  it('an announcement to 指定用户 (sel_user) takes existing users only', async () => {
    const body = { titile: `通告${uniq()}`, msgCategory: '1', msgType: 'USER', userIds: 'user_zhang,nobody' };
    const { json } = await post('/sys/annountCement/add', body, admin);
    expect(json.result.errors).toEqual([{ field: 'userIds', message: '指定用户的值不在可选范围内' }]);
  });
});
