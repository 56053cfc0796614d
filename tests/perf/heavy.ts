/**
 * The heavy-list case of npm run bench (issue 14 item 4) and the sign-in timing (item 6): while
 * heavy lists run (advanced queries of OR'ed contains-conditions on a column without a trigram
 * index), how long does a one-row list and the menu take for someone else? And does a wrong password
 * for an existing account answer in the time of one for an unknown name? Prints figures, asserts
 * nothing.
 */
import { callAt } from '../api/setup/http';

type Json = { success: boolean; message: string; result: any };
const api = (base: string, method: string, p: string, token?: string, body?: unknown): Promise<Json> =>
  callAt(base, method, p, token, body);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const max = (xs: number[]) => Math.max(0, ...xs);
const ms = (x: number) => `${(x / 1000).toFixed(x < 10_000 ? 2 : 1)} s`;

/** users holding the bench document's list (the per-user limit counts users, not sessions) */
export async function benchUsers(base: string, admin: string, count: number, password: string) {
  const roleCode = `bench_${Date.now().toString(36)}`;
  const role = await api(base, 'POST', '/sys/role/add', admin, { roleName: roleCode, roleCode });
  await api(base, 'POST', '/sys/permission/saveRolePermission', admin, {
    roleId: role.result,
    // the bench document has no menu: its list code hangs on a route button
    permissionIds: 'perm_bench_collection_list',
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

const heavyList = (likes: number) => {
  // OR'ed contains-conditions on status: a column without a trigram index
  const params = Array.from({ length: likes }, (_, i) => ({ field: 'status', rule: 'like', val: `x${i}` }));
  return `/bench/collection/list?pageNo=1&pageSize=10&superQueryMatchType=or&superQueryParams=${encodeURIComponent(
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
 * 20 heavy lists at once (from the given tokens, in turn), and meanwhile a one-row list and the menu
 * for an onlooker, each again and again until every heavy list has answered.
 */
export async function heavyCase(
  base: string,
  label: string,
  tokens: string[],
  likes: number,
  onlooker: string,
): Promise<HeavyFigures> {
  let outstanding = 20;
  const heavy = Array.from({ length: 20 }, (_, i) =>
    timed(() => api(base, 'GET', heavyList(likes), tokens[i % tokens.length])).finally(() => outstanding--),
  );
  // each onlooker call after the other, the list and the menu each in a loop of its own
  const probe = async (p: string) => {
    const times: number[] = [];
    while (outstanding > 0) {
      const t = await timed(() => api(base, 'GET', p, onlooker));
      if (!t.value.success) throw new Error(`${p}: ${t.value.message}`);
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
      message: refused[0]?.value.message,
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
