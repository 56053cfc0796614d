import { describe, expect, it } from 'vitest';
import { ACTION_KIND_NAMES } from '../../src/core/actions/registry';
import { loadCatalog } from '../../src/core/document/load';
import { RouteTable } from '../../src/server/http/routes';
import { declaredActionProblems } from '../../src/server/http/declared-actions';
import { ACTION_PARTS } from '../../renderers/actions/registry';

/** a document with the given actions (and list settings), loaded as schemas:check loads it */
const load = (actions: unknown[], list: Record<string, unknown> = {}) =>
  loadCatalog([
    { path: 'system/menus.json', json: { kind: 'menus', groups: [{ key: 'g', title: '组', order: 1 }] } },
    {
      path: 'g/notice.json',
      json: {
        kind: 'entity',
        code: 'g_notice',
        title: '通知',
        table: 'g_notice',
        permission: 'g:notice:',
        list: { kind: 'plain', pageSize: 10, sort: { column: 'title' }, count: 'exact', ...list },
        fields: [
          { key: 'title', title: '标题', type: 'input' },
          { key: 'state', title: '状态', type: 'input' },
        ],
        actions,
      },
    },
    {
      path: 'g/notice-read.json',
      json: {
        kind: 'entity',
        code: 'g_notice_read',
        title: '阅读记录',
        table: 'g_notice_read',
        permission: 'g:noticeRead:',
        list: { kind: 'plain', pageSize: 10, sort: { column: 'reader' }, count: 'exact' },
        fields: [
          { key: 'noticeId', title: '通知', type: 'input' },
          { key: 'reader', title: '读者', type: 'input' },
        ],
      },
    },
  ]);
const problems = (actions: unknown[], list?: Record<string, unknown>) =>
  load(actions, list).problems.map((p) => `${p.path}: ${p.message}`);

const release = {
  key: 'release',
  label: '发布',
  place: 'row',
  kind: 'call',
  permission: 'release',
  visible: { '==': [{ var: 'state' }, '0'] },
  params: { method: 'GET', url: '/g/notice/release' },
};

describe('actions in documents (src/core/actions)', () => {
  it('has a browser part for every registered kind', () => {
    expect(Object.keys(ACTION_PARTS).sort()).toEqual([...ACTION_KIND_NAMES].sort());
  });

  it('takes a call action over the row with a code of its own', () => {
    expect(problems([release], { editWhen: { '==': [{ var: 'state' }, '0'] } })).toEqual([]);
  });

  it('refuses an unknown kind, a generic or missing code, a rule over an unknown key, bad params', () => {
    expect(problems([{ ...release, kind: 'eval' }]).join('\n')).toMatch(/kind/);
    expect(problems([{ ...release, permission: 'edit' }])).toEqual([
      "/actions/0/permission: 'edit' must be a code of this action's own after g:notice: (not a generic route's)",
    ]);
    // a generic code only for that generic route of its own document, with fixed values (停用 on 字典项)
    const disable = { ...release, permission: 'edit', params: { method: 'PUT', values: { state: '0' } } };
    expect(
      problems([{ ...disable, params: { ...disable.params, url: '/online/cgform/api/crud/g_notice/edit' } }]),
    ).toEqual([]);
    expect(
      problems([
        { ...disable, params: { ...disable.params, url: '/online/cgform/api/crud/g_notice/delete' } },
      ]),
    ).toEqual([
      "/actions/0/permission: 'edit' must be a code of this action's own after g:notice: (not a generic route's)",
    ]);
    expect(problems([{ ...release, visible: { '==': [{ var: 'secret' }, 1] } }])).toEqual([
      "/actions/0/visible: a visible rule reads 'secret', which is not a field of this document",
    ]);
    expect(problems([{ ...release, params: { method: 'PATCH', url: 'javascript:x' } }])).toEqual([
      '/actions/0/params/method: method must be one of GET, POST, PUT, DELETE',
      '/actions/0/params/url: url must be a path of the server, such as /sys/annountCement/doReleaseData',
    ]);
    expect(problems([release, release])).toContain("/actions/1/key: duplicate action key 'release'");
    expect(problems([release], { editWhen: { '==': [{ var: 'nope' }, 1] } })).toEqual([
      "/list/editWhen: an editWhen rule reads 'nope', which is not a field of this document",
    ]);
  });

  it('takes one place or a list of them, and an enabled rule over the row', () => {
    const archive = { ...release, key: 'archive', place: 'toolbar', visible: undefined };
    const freeze = {
      ...release,
      key: 'freeze',
      place: ['row', 'bulk'],
      confirmBulk: '确定处理这 {count} 条吗?',
      enabled: { '==': [{ var: 'state' }, '1'] },
      params: { ...release.params, values: { state: '2' } },
    };
    expect(problems([archive, freeze])).toEqual([]);
    expect(problems([{ ...freeze, enabled: { '==': [{ var: 'secret' }, 1] } }])).toEqual([
      "/actions/0/enabled: an enabled rule reads 'secret', which is not a field of this document",
    ]);
    expect(problems([{ ...freeze, params: { ...freeze.params, values: { state: 2 } } }])).toEqual([
      '/actions/0/params/values: values must map names to texts',
    ]);
    expect(problems([{ ...freeze, place: ['row', 'menu'] }]).join('\n')).toMatch(/place/);
    expect(problems([{ ...archive, params: { ...archive.params, refreshes: 'menus' } }])).toEqual([
      '/actions/0/params/refreshes: refreshes must be one of dictionaries',
    ]);
  });

  it('takes a form over its own fields, filled from the row, and refuses it where form shows no button', () => {
    const reply = {
      key: 'reply',
      label: '回复',
      place: 'row',
      kind: 'form',
      permission: 'reply',
      params: {
        method: 'PUT',
        url: '/g/notice/reply',
        title: '回复：{title}',
        from: { about: 'title' },
        fields: [
          { key: 'about', title: '主题', type: 'input', readonly: true },
          { key: 'text', title: '内容', type: 'textarea' },
        ],
      },
    };
    expect(problems([reply, { ...reply, key: 'desk', place: 'toolbar' }])).toEqual([]);
    expect(problems([{ ...reply, place: ['row', 'bulk'] }])).toEqual([
      '/actions/0/place: a form action shows only in row, toolbar, not in bulk',
    ]);
    expect(
      problems([
        {
          ...reply,
          params: {
            ...reply.params,
            title: '回复：{secret}',
            from: { nope: 'title', text: 'body' },
            fields: [...reply.params.fields, { key: 'x', title: 'X', type: 'eval' }],
          },
        },
      ]),
    ).toEqual([
      '/actions/0/params/fields/2: a field needs a key, a title and a registered type',
      "/actions/0/params/from/nope: 'nope' is not a field of this form",
      "/actions/0/params/from/text: 'body' is not a field of this document",
      '/actions/0/params/title: {secret} is not a field of this document',
    ]);
    // a field the same as another of the form (a password typed twice), which must be one of its fields
    const twice = (sameAs: string) => ({
      ...reply,
      params: {
        ...reply.params,
        fields: [
          ...reply.params.fields,
          { key: 'again', title: '再次', type: 'textarea', validateRules: [{ sameAs }] },
        ],
      },
    });
    expect(problems([twice('text')])).toEqual([]);
    expect(problems([twice('body')])).toEqual([
      "/actions/0/params/fields/2/validateRules/0/sameAs: 'body' is not a field of this form",
    ]);
    expect(problems([{ ...reply, params: { ...reply.params, fields: [] } }])).toContain(
      '/actions/0/params/fields: a form needs its fields',
    );
    // its route is held to the server's declaration as call's is
    expect(declaredActionProblems(load([reply]).catalog, new RouteTable())).toEqual([
      "g_notice: action 'reply' calls PUT /g/notice/reply, which the server does not declare",
    ]);
  });

  it('holds a call action to a route the server declares under its code', () => {
    const { catalog } = load([release]);
    const table = new RouteTable();
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'release' calls GET /g/notice/release, which the server does not declare",
    ]);
    const route = {
      method: 'GET' as const,
      url: '/g/notice/release',
      summary: '',
      tag: '',
      handler: async () => null,
    };
    table.add({ ...route, access: { perm: 'g:notice:edit' } });
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'release' needs g:notice:release, but GET /g/notice/release is guarded by g:notice:edit",
    ]);
    const right = new RouteTable();
    right.add({ ...route, access: { perm: 'g:notice:release' } });
    expect(declaredActionProblems(catalog, right)).toEqual([]);
  });

  it("takes a try action without a code (its routes are every session's) and refuses an unknown rule or a code", () => {
    const tryIt = { key: 'try', label: '测试', place: 'row', kind: 'try', params: { rule: 'check' } };
    expect(problems([tryIt, { ...tryIt, key: 'fill', params: { rule: 'fill' } }])).toEqual([]);
    expect(problems([{ ...tryIt, params: { rule: 'eval' } }])).toEqual([
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      '/actions/0/params/rule: rule must be one of check, fill',
    ]);
    expect(problems([{ ...tryIt, permission: 'try' }])).toEqual([
      '/actions/0/permission: a try action runs no route under a code of its own: it takes no code',
    ]);
    expect(problems([{ ...tryIt, place: 'toolbar' }]).join('\n')).toMatch(/place/);
  });

  it('holds a try action to the session routes it runs', () => {
    const { catalog } = load([
      { key: 'try', label: '测试', place: 'row', kind: 'try', params: { rule: 'fill' } },
    ]);
    const route = {
      url: '/sys/fillRule/executeRuleByCode/:ruleCode',
      summary: '',
      tag: '',
      handler: async () => null,
    };
    const table = new RouteTable();
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'try' calls PUT /sys/fillRule/executeRuleByCode/:ruleCode, which the server does not declare",
    ]);
    table.add({ ...route, method: 'PUT', access: { perm: 'g:notice:edit' } });
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'try' needs session, but PUT /sys/fillRule/executeRuleByCode/:ruleCode is guarded by g:notice:edit",
    ]);
    const right = new RouteTable();
    right.add({ ...route, method: 'PUT', access: 'session' });
    expect(declaredActionProblems(catalog, right)).toEqual([]);
  });

  it('takes a share action naming its three routes and the link, and refuses what is not a path or a name', () => {
    const shareIt = {
      key: 'share',
      label: '分享',
      place: 'row',
      kind: 'share',
      permission: 'share',
      params: {
        title: '分享',
        nameField: 'title',
        param: 'noticeId',
        create: '/g/notice/share',
        list: '/g/notice/share/list',
        revoke: '/g/notice/share/revoke',
        link: '/noticePage',
        shows: '此通知',
      },
    };
    expect(problems([shareIt])).toEqual([]);
    expect(problems([{ ...shareIt, permission: undefined }])).toEqual([
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
    ]);
    expect(
      problems([
        { ...shareIt, params: { ...shareIt.params, link: 'https://x.test/', param: '1d', shows: '' } },
      ]),
    ).toEqual([
      '/actions/0/params/shows: shows must be a text',
      '/actions/0/params/param: param must be a field or parameter name',
      '/actions/0/params/link: link must be a path',
    ]);
    const { catalog } = load([shareIt]);
    const table = new RouteTable();
    const route = { summary: '', tag: '', handler: async () => null, access: { perm: 'g:notice:share' } };
    table.add({ ...route, method: 'POST', url: '/g/notice/share' });
    table.add({ ...route, method: 'GET', url: '/g/notice/share/list' });
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'share' calls POST /g/notice/share/revoke, which the server does not declare",
    ]);
    table.add({ ...route, method: 'POST', url: '/g/notice/share/revoke' });
    expect(declaredActionProblems(catalog, table)).toEqual([]);
  });

  it('takes a drawer over another document narrowed by the row, with no code, and refuses unknown names', () => {
    const reads = {
      key: 'reads',
      label: '阅读记录',
      place: 'row',
      kind: 'drawer',
      params: { document: 'g_notice_read', filter: { noticeId: 'id' }, title: '阅读记录：{title}' },
    };
    expect(problems([reads])).toEqual([]);
    // the inner list's routes are its own document's: the drawer has none to guard with a code
    expect(problems([{ ...reads, permission: 'reads' }])).toEqual([
      '/actions/0/permission: a drawer action runs no route under a code of its own: it takes no code',
    ]);
    expect(problems([{ ...reads, place: 'toolbar' }]).join('\n')).toMatch(/place/);
    expect(
      problems([{ ...reads, params: { document: 'g_nope', filter: { noticeId: 'id' }, title: '{secret}' } }]),
    ).toEqual([
      // as for try: an action with unsound params is held to a code until they are sound
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      '/actions/0/params/title: {secret} is not a field of this document',
      "/actions/0/params/document: 'g_nope' is not an entity document's code",
    ]);
    expect(
      problems([{ ...reads, params: { ...reads.params, filter: { notice: 'id', reader: 'secret' } } }]),
    ).toEqual([
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      "/actions/0/params/filter/notice: 'notice' is not a field of g_notice_read",
      "/actions/0/params/filter/reader: 'secret' is not a field of this document",
    ]);
    expect(problems([{ ...reads, params: { ...reads.params, filter: {} } }])).toEqual([
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      '/actions/0/params/filter: filter must map a field of the listed document to a field of the row',
    ]);
    expect(problems([{ ...reads, params: { ...reads.params, refreshes: 'dictionaries' } }])).toEqual([]);
    expect(problems([{ ...reads, params: { ...reads.params, refreshes: 'everything' } }])).toContain(
      '/actions/0/params/refreshes: refreshes must be one of dictionaries',
    );
    expect(declaredActionProblems(load([reads]).catalog, new RouteTable())).toEqual([]);
  });

  it('takes a grant action naming a source, and holds it to that source’s routes and the shared menu tree', () => {
    const grantIt = {
      key: 'grant',
      label: '授权',
      place: 'row',
      kind: 'grant',
      permission: 'authorize',
      params: { source: 'depart', title: '部门权限配置', nameField: 'title' },
    };
    expect(problems([grantIt])).toEqual([]);
    expect(problems([{ ...grantIt, params: { source: 'user', title: '', nameField: 'title' } }])).toEqual([
      '/actions/0/params/source: source must be one of role, depart, departRole',
      '/actions/0/params/title: title must be a text',
    ]);
    const { catalog } = load([grantIt]);
    const route = { summary: '', tag: '', handler: async () => null };
    const table = new RouteTable();
    table.add({
      ...route,
      method: 'GET',
      url: '/sys/role/queryTreeList',
      access: { perm: 'g:notice:authorize' },
    });
    table.add({
      ...route,
      method: 'GET',
      url: '/sys/permission/queryDepartPermission',
      access: { perm: 'g:notice:authorize' },
    });
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'grant' needs system:role:authorize, but GET /sys/role/queryTreeList is guarded by g:notice:authorize",
      "g_notice: action 'grant' calls POST /sys/permission/saveDepartPermission, which the server does not declare",
    ]);
  });

  it('takes a departRole grant only where the row has the departId its tree call sends', () => {
    const grantIt = {
      key: 'grant',
      label: '授权',
      place: 'row',
      kind: 'grant',
      permission: 'authorize',
      params: { source: 'departRole', title: '部门角色权限配置', nameField: 'title' },
    };
    expect(problems([grantIt])).toEqual([
      "/actions/0/params/source: a departRole source reads the row's 'departId', not a field of this document",
    ]);
  });

  it('takes a members action with no code (its routes are the edit code’s), and refuses bad params', () => {
    const members = {
      key: 'members',
      label: '分配用户',
      place: 'row',
      kind: 'members',
      params: {
        title: '分配用户：{title}',
        candidates: '/g/notice/readers',
        candidateParams: { noticeId: 'id' },
        field: 'state',
        save: '/g/notice/edit',
        titles: ['可选', '已选'],
      },
    };
    expect(problems([members])).toEqual([]);
    expect(problems([{ ...members, permission: 'members' }])).toEqual([
      '/actions/0/permission: a members action runs no route under a code of its own: it takes no code',
    ]);
    expect(problems([{ ...members, place: 'toolbar' }]).join('\n')).toMatch(/place/);
    expect(
      problems([
        {
          ...members,
          params: {
            title: '{secret}',
            candidates: 'https://x.test/users',
            candidateParams: { noticeId: 'nope' },
            field: 'id',
            save: '',
            titles: ['可选'],
          },
        },
      ]),
    ).toEqual([
      // as for drawer: an action with unsound params is held to a code until they are sound
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      '/actions/0/params/title: {secret} is not a field of this document',
      '/actions/0/params/candidates: candidates must be a path',
      '/actions/0/params/save: save must be a path',
      "/actions/0/params/candidateParams/noticeId: 'nope' is not a field of this document",
      "/actions/0/params/field: 'id' is not a field of this document",
      '/actions/0/params/titles: titles must be two texts: the offered list and the chosen one',
    ]);
    expect(problems([{ ...members, params: { ...members.params, candidateParams: 'id' } }])).toEqual([
      "/actions/0/permission: '' must be a code of this action's own after g:notice: (not a generic route's)",
      '/actions/0/params/candidateParams: candidateParams must map parameters to fields of the row',
    ]);
  });

  it('holds a members action to its two routes under the document’s edit code', () => {
    const { catalog } = load([
      {
        key: 'members',
        label: '分配用户',
        place: 'row',
        kind: 'members',
        params: {
          title: '分配用户',
          candidates: '/g/notice/readers',
          candidateParams: {},
          field: 'state',
          save: '/g/notice/edit',
          titles: ['可选', '已选'],
        },
      },
    ]);
    const route = { summary: '', tag: '', handler: async () => null };
    const table = new RouteTable();
    table.add({ ...route, method: 'GET', url: '/g/notice/readers', access: { perm: 'g:notice:members' } });
    expect(declaredActionProblems(catalog, table)).toEqual([
      "g_notice: action 'members' needs g:notice:edit, but GET /g/notice/readers is guarded by g:notice:members",
      "g_notice: action 'members' calls PUT /g/notice/edit, which the server does not declare",
    ]);
    const right = new RouteTable();
    right.add({ ...route, method: 'GET', url: '/g/notice/readers', access: { perm: 'g:notice:edit' } });
    right.add({ ...route, method: 'PUT', url: '/g/notice/edit', access: { perm: 'g:notice:edit' } });
    expect(declaredActionProblems(catalog, right)).toEqual([]);
  });
});
