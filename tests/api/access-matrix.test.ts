import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { Server } from '../../src/server/app';
import type { Access, RouteSpec } from '../../src/server/http/routes';
import { adminToken, apiUrl, uniq } from './setup/client';
import { startOwnServer } from './setup/own-server';
import { addDataRule, chooseDataRules, createRole, createUser } from './setup/access';
import { identityEnv } from './setup/identity-fixtures';
import { visitor } from './setup/visitors';
import { crudSamples } from './access/crud';
import { reportSamples } from './access/reports';
import type { Sample, SampleFn, Samples } from './access/types';
import { childCalls, childProblem, masterChildren } from './access/children';

/**
 * The route/permission matrix: every route the server registers (its RouteTable) is walked four
 * times: without a token (HTTP 401, 'Token失效，请重新登录!'), as a signed-in user holding no role
 * (code 510 for every route with a permission code, and the database unchanged), with the token of
 * the other principal (a visitor's on every console route, a staff member's on every visitor route:
 * HTTP 401, nothing changed), and as the admin (success). A route without a sample fails the test, so a new route cannot ship unwalked.
 * The walk runs on a server of its own (own embedded database) so that "unchanged" can be checked
 * on the database itself, undisturbed by the other test files.
 */

let server: Server;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-matrix-'));

beforeAll(async () => {
  server = await startOwnServer(
    root,
    identityEnv({ oauthUrl: inject('oauthUrl'), casUrl: inject('casUrl') }),
  );
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** tables whose rows a refused request may legitimately touch: sessions, logs, login throttling */
const VOLATILE = new Set(['sys_session', 'sys_log', 'sys_login_throttle', 'sys_sms_code', 'sys_migration']);

/** one digest per table of the whole database (or of the given tables), to prove a refused request changed nothing */
async function fingerprint(only?: string[]): Promise<Record<string, string>> {
  const db = server.ctx.db;
  const tables = await sql<{ t: string }>`
    select table_name as t from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { t } of tables.rows) {
    if (only && !only.includes(t)) continue;
    if (VOLATILE.has(t)) continue;
    const r = await sql<{ d: string }>`
      select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as d from ${sql.table(t)} x`.execute(
      db,
    );
    out[t] = r.rows[0].d;
  }
  return out;
}

interface Walk {
  route: RouteSpec;
  method: string;
  /** the query of a route's second use with its own access (RouteSpec.accessByQuery), added to its sample's */
  variant?: Record<string, string>;
  /** the access the walk answers to */
  access: Access;
}

/** every (method, url) the server registers, and again with the query of each accessByQuery */
function walks(): Walk[] {
  return server.routes.routes.flatMap((route) =>
    ([] as string[]).concat(route.method).flatMap((method) => {
      const alt = route.accessByQuery;
      return [
        { route, method, access: route.access },
        ...(alt ? [{ route, method, access: alt.access, variant: { [alt.name]: alt.value } }] : []),
      ];
    }),
  );
}

async function allSamples(): Promise<Samples> {
  const modules = import.meta.glob<{ samples?: Samples }>('./access/*.ts', { eager: true });
  const merged: Samples = { ...crudSamples(server.ctx.catalog), ...reportSamples(server.ctx.catalog) };
  for (const mod of Object.values(modules)) if (mod.samples) Object.assign(merged, mod.samples);
  return merged;
}

/** the sample of a route: under its method, or any other method the same route declares */
function sampleOf(samples: Samples, w: Walk): SampleFn | undefined {
  const methods = [w.method, ...([] as string[]).concat(w.route.method)];
  for (const m of methods) if (samples[`${m} ${w.route.url}`]) return samples[`${m} ${w.route.url}`];
  return undefined;
}

async function send(
  w: Walk,
  s: Sample,
  token?: string,
): Promise<{ status: number; json: any; type: string; body: Buffer }> {
  let url = w.route.url;
  for (const [k, v] of Object.entries(s.params ?? {}))
    url = k === '*' ? url.replace('*', v) : url.replace(`:${k}`, encodeURIComponent(v));
  const u = new URL(apiUrl() + url);
  for (const [k, v] of Object.entries({ ...s.query, ...w.variant })) u.searchParams.set(k, v);
  const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
  let body: BodyInit | undefined;
  if (s.upload) {
    const form = new FormData();
    form.append(
      s.upload.fieldName ?? 'file',
      new Blob([new Uint8Array(s.upload.content)], { type: s.upload.contentType }),
      s.upload.fileName,
    );
    body = form;
  } else if (s.body !== undefined && w.method !== 'GET' && w.method !== 'DELETE') {
    body = JSON.stringify(s.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(u, {
    method: w.method,
    headers,
    body,
    redirect: s.expect === 'redirect' ? 'manual' : 'follow',
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  if (type.includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, json, type, body: bytes };
}

const label = (w: Walk) =>
  `${w.method} ${w.route.url}${w.variant ? `?${new URLSearchParams(w.variant).toString()}` : ''}`;

describe('route/permission matrix', () => {
  it('walks every route as anonymous (401), as a user without roles (510, nothing changed), with the other principal’s token (401) and as the admin', async () => {
    const samples = await allSamples();
    const all = walks();
    const missing = all.filter((w) => !sampleOf(samples, w)).map(label);
    expect(missing, 'routes without a sample in tests/api/access/*.ts').toEqual([]);

    const admin = await adminToken();
    const counts = { routes: all.length, unauthorized: 0, noPermission: 0, otherPrincipal: 0, success: 0 };
    const problems: string[] = [];
    const guarded = all.filter((w) => w.access !== 'open');
    const coded = all.filter((w) => typeof w.access === 'object');

    // 1. no token: HTTP 401 and the token text, nothing changed
    const prepared1 = [];
    for (const w of guarded) prepared1.push({ w, s: await sampleOf(samples, w)!(admin) });
    let before = await fingerprint();
    for (const { w, s } of prepared1) {
      const r = await send(w, s);
      if (r.status === 401 && r.json?.message === 'Token失效，请重新登录!') counts.unauthorized++;
      else problems.push(`anonymous ${label(w)}: HTTP ${r.status} ${JSON.stringify(r.json)?.slice(0, 120)}`);
    }
    expect(await fingerprint(), 'anonymous calls changed the database').toEqual(before);

    // 2. a signed-in user holding no role: 510 for every route with a code, nothing changed
    const nobody = await createUser(admin);
    const prepared2 = [];
    for (const w of coded) prepared2.push({ w, s: await sampleOf(samples, w)!(admin) });
    before = await fingerprint();
    for (const { w, s } of prepared2) {
      const r = await send(w, s, nobody.token);
      if (r.status === 200 && r.json?.code === 510 && r.json.success === false) counts.noPermission++;
      else problems.push(`no role ${label(w)}: HTTP ${r.status} ${JSON.stringify(r.json)?.slice(0, 120)}`);
    }
    const after = await fingerprint();
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    expect(changed, 'tables changed by refused calls').toEqual([]);

    // 3. the visitor column: a phone visitor's token on every console route, the admin's on every
    // visitor route, both HTTP 401 with the token text, nothing changed
    const phone = await visitor();
    const crossed = guarded.map((w) => ({ w, token: w.access === 'visitor' ? admin : phone.token }));
    const prepared3 = [];
    for (const c of crossed) prepared3.push({ ...c, s: await sampleOf(samples, c.w)!(admin) });
    before = await fingerprint();
    for (const { w, s, token } of prepared3) {
      const r = await send(w, { ...s, token: undefined }, token);
      if (r.status === 401 && r.json?.message === 'Token失效，请重新登录!') counts.otherPrincipal++;
      else
        problems.push(
          `${token === admin ? 'staff token on visitor route' : 'visitor token on console route'} ${label(w)}: HTTP ${r.status} ${JSON.stringify(r.json)?.slice(0, 120)}`,
        );
    }
    expect(await fingerprint(), 'calls with the other principal changed the database').toEqual(before);

    // 4. the admin: success (the envelope with success:true, the file or the redirect)
    for (const w of all) {
      const s = await sampleOf(samples, w)!(admin);
      const token = s.token ?? (w.access === 'session' ? await adminToken() : admin);
      const r = await send(w, s, w.access === 'open' && !s.token ? undefined : token);
      const good =
        s.expect === 'file'
          ? r.status === 200 && !r.type.includes('json')
          : s.expect === 'redirect'
            ? r.status === 302
            : r.status === 200 && r.json?.success === true;
      if (good) counts.success++;
      else problems.push(`admin ${label(w)}: HTTP ${r.status} ${JSON.stringify(r.json)?.slice(0, 200)}`);
    }

    console.log(
      `access matrix: ${counts.routes} routes walked; ${counts.unauthorized} answered 401 without a token, ` +
        `${counts.noPermission} answered 510 to a user without roles, ${counts.otherPrincipal} answered 401 to the other principal's token, ` +
        `${counts.success} succeeded for the admin (${all.length - guarded.length} open, ` +
        `${guarded.filter((w) => w.access === 'session').length} session-only, ` +
        `${guarded.filter((w) => w.access === 'visitor').length} visitor, ${coded.length} with a permission code)`,
    );
    expect(problems).toEqual([]);
    expect(counts.unauthorized).toBe(guarded.length);
    expect(counts.noPermission).toBe(coded.length);
    expect(counts.otherPrincipal).toBe(guarded.length);
    expect(counts.success).toBe(all.length);
  }, 600_000);

  it('a sub-table’s routes reach no row through a master the user may not read, and write none through one it may not edit', async () => {
    const catalog = server.ctx.catalog;
    const admin = await adminToken();
    const samples = await allSamples();
    /** the permission rows granting the codes `where` picks */
    const grants = async (where: (perms: string) => boolean) =>
      (
        await server.ctx.db
          .selectFrom('sys_permission')
          .select(['id', 'perms'])
          .where('perms', 'is not', null)
          .execute()
      )
        .filter((r) => where(String(r.perms)))
        .map((r) => String(r.id));
    const problems: string[] = [];
    let walked = 0;
    for (const { master, child } of masterChildren(catalog)) {
      const calls = childCalls(catalog, child, samples);
      const childCodes = await grants((p) => p.startsWith(child.permission));
      const masterList = await grants((p) => p === `${master.permission}list`);
      const masterEdit = await grants((p) => p === `${master.permission}edit`);
      // a rule on the master that no row meets; its role may edit the master and holds every code of the sub-table
      const hiding = await createRole(admin, [...masterList, ...masterEdit, ...childCodes]);
      const rule = await addDataRule(admin, master.code, {
        column: 'id',
        condition: '=',
        value: `none-${uniq()}`,
      });
      await chooseDataRules(admin, hiding, master.code, [rule]);
      // every master row in sight, no edit code for it
      const reading = await createRole(admin, [...masterList, ...childCodes]);
      const tables = [
        master.table,
        ...(master.children ?? []).map((c) => catalog.entities.get(c.code)!.table),
      ];
      for (const [who, role, reads] of [
        ['rule hides the master', hiding, false],
        ['reads the master, may not edit it', reading, true],
      ] as const) {
        const user = await createUser(admin, { roles: [role] });
        const prepared = [];
        for (const call of calls) prepared.push({ call, s: await call.sample(admin) });
        const before = await fingerprint(tables);
        for (const { call, s } of prepared) {
          const w: Walk = {
            route: { url: call.url, method: call.method } as RouteSpec,
            method: call.method,
            access: 'session',
          };
          const r = await send(w, s, user.token);
          const problem = await childProblem(
            call,
            reads,
            { json: r.json, file: r.json ? undefined : r.body },
            s,
          );
          if (problem) problems.push(`${child.code} (${who}) ${call.method} ${call.url}: ${problem}`);
          walked++;
        }
        const after = await fingerprint(tables);
        const changed = tables.filter((t) => before[t] !== after[t]);
        if (changed.length) problems.push(`${child.code} (${who}): changed ${changed.join(', ')}`);
      }
    }
    console.log(
      `access matrix, sub-tables: ${walked} calls on the routes of ${masterChildren(catalog).length} sub-tables`,
    );
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThan(0);
  }, 600_000);
});
