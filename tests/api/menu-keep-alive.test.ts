import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/server/app';
import { syncMenus } from '../../src/server/menu/sync';
import { adminToken, get, post } from './setup/client';
import { startOwnServer } from './setup/own-server';

/**
 * Issue 23: the seeded lists keep their state in their tabs (keep-alive on); a database seeded
 * before that gains it on the next start, while a menu an administrator edited keeps its setting.
 * On a server of its own, as it rewrites seeded menu rows and re-runs the start's menu sync.
 */

let server: Server;
let admin = '';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-keep-alive-'));

beforeAll(async () => {
  server = await startOwnServer(root);
  admin = await adminToken();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Node {
  id: string;
  meta: { keepAlive: boolean };
  children?: Node[];
}

async function keepAliveOf(ids: string[]): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (ids.includes(n.id)) out[n.id] = n.meta.keepAlive;
      walk(n.children ?? []);
    }
  };
  walk((await get('/sys/permission/getUserPermissionByToken', admin)).json.result.menu);
  return out;
}

/** the seeded lists of each kind: a document list, a bespoke list, a report, a screen */
const LISTS = ['doc_base_unit', 'doc_sys_user', 'doc_product_category_report', 'scr_permission'];

describe('seeded menus keep their lists alive', () => {
  it('seeds every list with keep-alive on, home and groups off', async () => {
    expect(await keepAliveOf([...LISTS, 'menu_home', 'grp_base'])).toEqual({
      ...Object.fromEntries(LISTS.map((id) => [id, true])),
      menu_home: false,
      grp_base: false,
    });
  });

  it('an older database gains keep-alive on the next start; a menu switched off in 菜单管理 stays off', async () => {
    const db = server.ctx.db;
    // as seeded before issue 23: every menu off, none edited
    await db.updateTable('sys_permission').set({ keep_alive: false }).execute();
    // an administrator switches one list off through 菜单管理's edit
    const tree = (await get('/sys/permission/list', admin)).json.result;
    const find = (nodes: any[]): any =>
      nodes.map((n) => (n.id === 'doc_sys_user' ? n : find(n.children ?? []))).find(Boolean);
    const user = find(tree);
    const { children: _, ...row } = user;
    const edited = await post('/sys/permission/edit', { ...row, keepAlive: false }, admin);
    expect(edited.json.success, edited.json.message).toBe(true);

    await syncMenus(server.ctx, server.routes);
    expect(await keepAliveOf(LISTS)).toEqual({
      doc_base_unit: true,
      doc_sys_user: false,
      doc_product_category_report: true,
      scr_permission: true,
    });
  });
});
