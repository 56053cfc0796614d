/**
 * The heavy-list case of npm run bench (issue 14 item 4, issue 21 item 2) and the sign-in timing
 * (issue 14 item 6): while heavy lists run (advanced queries of OR'ed contains-conditions on a column
 * without a trigram index), how long does a one-row list and the menu take for someone else? And does
 * a wrong password for an existing account answer in the time of one for an unknown name? Prints
 * figures, asserts nothing.
 */
import { callAt } from '../api/setup/http';

type Json = { success: boolean; message: string; result: any };
/** fetch gives up waiting for an answer after 300 s: such a call is a figure, not the bench's end */
const NO_ANSWER = 'no answer within 300 s';
const api = (base: string, method: string, p: string, token?: string, body?: unknown): Promise<Json> =>
  callAt(base, method, p, token, body).catch((err: unknown) => {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_HEADERS_TIMEOUT') throw err;
    return { success: false, message: NO_ANSWER, result: null };
  });

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const max = (xs: number[]) => Math.max(0, ...xs);
const ms = (x: number) => `${(x / 1000).toFixed(x < 10_000 ? 2 : 1)} s`;

/** users holding the bench documents' lists (the per-user limit counts users, not sessions) */
export async function benchUsers(base: string, admin: string, count: number, password: string) {
  const roleCode = `bench_${Date.now().toString(36)}`;
  const role = await api(base, 'POST', '/sys/role/add', admin, { roleName: roleCode, roleCode });
  await api(base, 'POST', '/sys/permission/saveRolePermission', admin, {
    roleId: role.result,
    // the bench documents have no menu: their list codes hang on route buttons
    permissionIds: 'perm_bench_collection_list,perm_bench_unit_list',
    lastpermissionIds: '',
  });
  const users: { username: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${roleCode}_${i}`;
    const add = await api(base, 'POST', '/sys/user/add', admin, {
      username,
      realname: `压测${i}`,
      password,
      selectedroles: role.result,
    });
    if (!add.success) throw new Error(`bench user: ${add.message}`);
    const login = await api(base, 'POST', '/sys/login', undefined, { username, password });
    users.push({ username, token: login.result.token });
  }
  return users;
}

/** where the heavy lists go: a document's API and a field of it without a trigram index */
export interface HeavyTarget {
  api: string;
  field: string;
}

/** the bench document of 200,000 rows, its status column */
export const SEEDED: HeavyTarget = { api: '/bench/collection', field: 'status' };

const heavyList = (target: HeavyTarget, likes: number) => {
  const params = Array.from({ length: likes }, (_, i) => ({
    field: target.field,
    rule: 'like',
    val: `x${i}`,
  }));
  return `${target.api}/list?pageNo=1&pageSize=10&superQueryMatchType=or&superQueryParams=${encodeURIComponent(
    JSON.stringify(params),
  )}`;
};

export interface HeavyFigures {
  label: string;
  heavy: { done: number; refused: number; slowest: number; message?: string };
  oneRow: { median: number; max: number; n: number };
  menu: { median: number; max: number; n: number };
}

/**
 * 20 heavy lists at once (from the given tokens, in turn) on the target, and meanwhile a one-row list
 * of the seeded document and the menu for an onlooker, each again and again until every heavy list
 * has answered.
 */
export async function heavyCase(
  base: string,
  label: string,
  tokens: string[],
  likes: number,
  onlooker: string,
  target: HeavyTarget = SEEDED,
): Promise<HeavyFigures> {
  let outstanding = 20;
  const heavy = Array.from({ length: 20 }, (_, i) =>
    timed(() => api(base, 'GET', heavyList(target, likes), tokens[i % tokens.length])).finally(
      () => outstanding--,
    ),
  );
  // each onlooker call after the other, the list and the menu each in a loop of its own
  const probe = async (p: string) => {
    const times: number[] = [];
    while (outstanding > 0) {
      const t = await timed(() => api(base, 'GET', p, onlooker));
      if (!t.value.success && t.value.message !== NO_ANSWER) throw new Error(`${p}: ${t.value.message}`);
      times.push(t.ms);
    }
    return times;
  };
  const [oneRow, menu] = await Promise.all([
    probe('/bench/collection/list?pageNo=1&pageSize=1'),
    probe('/sys/permission/getUserPermissionByToken'),
  ]);
  const answers = await Promise.all(heavy);
  const refused = answers.filter((a) => !a.value.success);
  return {
    label,
    heavy: {
      done: answers.length - refused.length,
      refused: refused.length,
      slowest: max(answers.map((a) => a.ms)),
      message: [...new Set(refused.map((a) => a.value.message))].join(' / ') || undefined,
    },
    oneRow: { median: median(oneRow), max: max(oneRow), n: oneRow.length },
    menu: { median: median(menu), max: max(menu), n: menu.length },
  };
}

/** the case's figures as printed lines */
export function heavyLines(f: HeavyFigures): string[] {
  return [
    `  ${f.label}`,
    `    heavy lists: ${f.heavy.done} answered, ${f.heavy.refused} refused${
      f.heavy.message ? ` (${f.heavy.message})` : ''
    }; the slowest took ${ms(f.heavy.slowest)}`,
    ...(
      [
        ['one-row list', f.oneRow],
        ['menu', f.menu],
      ] as const
    ).map(
      ([name, x]) =>
        `    meanwhile ${name.padEnd(13)} median ${ms(x.median)}, max ${ms(x.max)} (${x.n} calls)`,
    ),
  ];
}

/** the median answer time of a wrong password for existing accounts and for unknown names */
export async function loginTiming(
  base: string,
  existing: string[],
): Promise<{ existing: number; unknown: number }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (const username of existing) {
    known.push(
      (await timed(() => api(base, 'POST', '/sys/login', undefined, { username, password: 'wrong' }))).ms,
    );
    const nobody = `nobody_${Math.random().toString(36).slice(2, 10)}`;
    unknown.push(
      (await timed(() => api(base, 'POST', '/sys/login', undefined, { username: nobody, password: 'wrong' })))
        .ms,
    );
  }
  return { existing: median(known), unknown: median(unknown) };
}
