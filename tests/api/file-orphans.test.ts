import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { removeOrphans } from '../../src/server/files/orphans';
import { adminToken, fetchRaw, post } from './setup/client';
import { startOwnServer } from './setup/own-server';
import { activity } from './setup/visitors';

/**
 * The cleanup of uploads no record names (src/server/files/orphans.ts), on a server of its own so
 * that the test can age its uploads in the database: an old unnamed file goes; a file a record
 * names (an upload field, a rich text's picture, a logically deleted record's) and a fresh upload
 * stay.
 */
const PNG = fs.readFileSync('fixtures/files/avatar.png');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-orphans-'));
let server: Server;
let admin = '';

beforeAll(async () => {
  server = await startOwnServer(root);
  admin = await adminToken();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function uploaded(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), name);
  return (await (await fetchRaw('/file/upload', admin, { method: 'POST', body: form })).json()).result[0]
    .filePath;
}

/** makes an upload look two days old */
const age = (p: string) =>
  server.ctx.db
    .updateTable('sys_upload')
    .set({ create_time: new Date(Date.now() - 48 * 3600 * 1000) })
    .where('path', '=', p)
    .execute();

const exists = async (p: string) => (await fetchRaw(`/sys/common/static/${p}`, admin)).status === 200;

describe('orphan cleanup', () => {
  it('removes old uploads no record names, never one a record names, nor a fresh one', async () => {
    const named = await uploaded('named.png');
    const inRichText = await uploaded('richtext.png');
    const ofUser = await uploaded('avatar.png');
    const unnamed = await uploaded('unnamed.png');
    const fresh = await uploaded('fresh.png');
    await activity(admin, {
      gallery: named,
      description: `<p><img src="/api/sys/common/static/${inRichText}"></p>`,
    });
    const user = await post(
      '/sys/user/add',
      { username: `orph${Date.now()}`, realname: '头像用户', password: 'Museum2026x', avatar: ofUser },
      admin,
    );
    expect(user.json.success, user.json.message).toBe(true);
    for (const p of [named, inRichText, ofUser, unnamed]) await age(p);

    const removed = await removeOrphans(server.ctx);

    expect(removed).toContain(unnamed);
    for (const p of [named, inRichText, ofUser, fresh]) expect(removed).not.toContain(p);
    expect(await exists(unnamed)).toBe(false);
    expect(fs.existsSync(path.join(root, 'files', 'upload', unnamed))).toBe(false);
    for (const p of [named, inRichText, ofUser, fresh]) expect(await exists(p), p).toBe(true);
  });
});
