import { describe, expect, it } from 'vitest';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import { CORE_IMPLEMENTATION, unimplemented } from '../../src/core/document/implemented';
import { CURRENT_SCHEMA_VERSION } from '../../src/core/document/upgrade';

const menus: SourceFile = {
  path: 'system/menus.json',
  json: { kind: 'menus', groups: [{ key: 'base', title: '基础数据', order: 1 }] },
};
const dicts: SourceFile = {
  path: 'system/dictionaries.json',
  json: {
    kind: 'dictionaries',
    dictionaries: [{ code: 'valid_status', title: '状态', items: [{ value: '1', text: '启用' }] }],
  },
};
const unit = (over: Record<string, unknown> = {}): SourceFile => ({
  path: 'base/unit.json',
  json: {
    kind: 'entity',
    code: 'base_unit',
    title: '计量单位',
    table: 'base_unit',
    permission: 'base:unit:',
    dictSource: { columns: ['id', 'name'] },
    menu: { group: 'base' },
    fields: [
      { key: 'name', title: '单位名称', type: 'input', validateRules: [{ required: true }] },
      { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status' },
    ],
    ...over,
  },
});

describe('loadCatalog', () => {
  it('fills defaults from the meta-schema and keeps valid documents', () => {
    const { catalog, problems } = loadCatalog([menus, dicts, unit()]);
    expect(problems).toEqual([]);
    const doc = catalog.entities.get('base_unit')!;
    expect(doc.list).toEqual({
      kind: 'plain',
      pageSize: 10,
      sort: { column: 'createTime', order: 'desc' },
      count: 'exact',
    });
    expect(doc.schemaVersion).toBe(1);
    expect([...catalog.dictSources.get('base_unit')!.columns]).toEqual(['id', 'name']);
  });

  it('checks a card (the list on a phone): every part names a shown field, its status one with a dictionary', () => {
    const card = (c: Record<string, unknown>) =>
      loadCatalog([
        menus,
        dicts,
        unit({
          card: c,
          fields: [
            { key: 'name', title: '单位名称', type: 'input' },
            { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status' },
            { key: 'secret', title: '口令', type: 'password' },
          ],
        }),
      ]).problems.map((p) => `${p.path}: ${p.message}`);
    expect(card({ title: 'name', fields: ['status'], status: 'status' })).toEqual([]);
    expect(card({ title: 'ghost', fields: ['name', 'nope'], status: 'name' })).toEqual([
      "/card/title: card field 'ghost' is not a field of this document",
      "/card/fields/1: card field 'nope' is not a field of this document",
      "/card/status: card status 'name' must be a dictionary or switch field",
    ]);
    expect(card({ fields: ['secret'] })).toEqual([
      "/card/fields/0: card field 'secret' is a password field, which lists never show",
    ]);
    expect(card({ fields: ['name', 'name'] })).toEqual([expect.stringContaining('/card/fields')]);
  });

  it('list.tabs names a field with a dictionary: one tab per value', () => {
    const tabs = (field: string) =>
      loadCatalog([
        menus,
        dicts,
        unit({
          list: { kind: 'plain', pageSize: 10, sort: { column: 'name' }, count: 'exact', tabs: { field } },
        }),
      ]).problems.map((p) => `${p.path}: ${p.message}`);
    expect(tabs('status')).toEqual([]);
    expect(tabs('name')).toEqual(["/list/tabs/field: tabs field 'name' must be a field with a dictionary"]);
  });

  it('reports meta-schema violations with file and JSON path, and drops the document', () => {
    const { catalog, problems } = loadCatalog([menus, dicts, unit({ table: 'Base Unit', extra: 1 })]);
    expect(problems).toEqual(
      expect.arrayContaining([
        { file: 'base/unit.json', path: '/table', message: expect.stringContaining('pattern') },
        { file: 'base/unit.json', path: '/', message: 'must NOT have additional properties: extra' },
      ]),
    );
    expect(catalog.entities.size).toBe(0);
  });

  it('checks cross references: dictionary codes, dictionary tables, menu groups, sort columns, children', () => {
    const product: SourceFile = {
      path: 'production/product.json',
      json: {
        kind: 'entity',
        code: 'pro_product',
        title: '产品',
        table: 'pro_product',
        permission: 'base:unit:',
        list: { sort: { column: 'nope' } },
        menu: { group: 'ghost' },
        children: [
          { code: 'missing_child', foreignKey: 'x' },
          { code: 'base_unit', foreignKey: 'name', disabledRows: { status: '0', ghost: '1' } },
          { code: 'base_unit', foreignKey: 'name', relation: 'one' },
        ],
        fields: [
          { key: 'status', title: '状态', type: 'select', dictCode: 'no_such_dict' },
          {
            key: 'unitId',
            title: '单位',
            type: 'select',
            dict: { table: 'base_unit', text: 'code', code: 'id' },
          },
          {
            key: 'ownerId',
            title: '负责人',
            type: 'select',
            dict: { table: 'sys_user', text: 'password', code: 'id' },
          },
          { key: 'code', title: '编码', type: 'input', validateRules: [{ pattern: '([' }] },
        ],
      },
    };
    const { problems } = loadCatalog([menus, dicts, unit(), product]);
    const at = (path: string) =>
      problems.find((p) => p.file === 'production/product.json' && p.path === path)?.message;
    expect(at('/permission')).toBe(
      "permission prefix 'base:unit:' is already used by document 'base_unit' (base/unit.json)",
    );
    expect(at('/list/sort/column')).toBe("sort column 'nope' is not a field");
    expect(at('/menu/group')).toBe("unknown menu group 'ghost'");
    expect(at('/children/0/code')).toBe("unknown child document 'missing_child'");
    expect(at('/children/1/disabledRows')).toBe("'ghost' is not a field of child document 'base_unit'");
    expect(at('/children/2/relation')).toBe(
      "a one-to-one child needs a unique rule (without scope) on 'name'",
    );
    expect(at('/fields/0/dictCode')).toBe("unknown dictionary code 'no_such_dict'");
    expect(at('/fields/1/dict/text')).toBe(
      "column 'code' is not an allowed dictionary column of 'base_unit'",
    );
    expect(at('/fields/2/dict/table')).toBe("table 'sys_user' is not declared as a dictionary source");
    expect(at('/fields/3/validateRules/0/pattern')).toBe(
      "'([' is neither a preset nor a valid regular expression",
    );
  });

  it('a popup picker is for list_multi or sel_search fields only, over a document that exists', () => {
    const field = (f: Record<string, unknown>) =>
      unit({
        fields: [
          { key: 'name', title: '单位名称', type: 'input' },
          { key: 'roles', title: '角色', ...f },
        ],
      });
    const picked = { dict: { table: 'base_unit', text: 'name', code: 'id' } };
    expect(
      loadCatalog([menus, dicts, field({ type: 'list_multi', popupCode: 'base_unit', ...picked })]).problems,
    ).toEqual([]);
    expect(
      loadCatalog([
        menus,
        dicts,
        field({ type: 'sel_search', popupCode: 'base_unit', popupText: 'name', multi: false, ...picked }),
      ]).problems,
    ).toEqual([]);
    const wrong = (f: Record<string, unknown>) =>
      loadCatalog([menus, dicts, field({ ...f, ...picked })]).problems.map((p) => `${p.path}: ${p.message}`);
    expect(wrong({ type: 'input', popupCode: 'base_unit' })).toContainEqual(
      expect.stringContaining('/fields/1/type'),
    );
    expect(wrong({ type: 'list_multi', popupCode: 'sys_nothing' })).toEqual([
      "/fields/1/popupCode: popupCode 'sys_nothing' names no entity document",
    ]);
    expect(wrong({ type: 'list_multi', popupCode: 'base_unit', popupText: 'ghost' })).toEqual([
      "/fields/1/popupText: 'ghost' is not a field of the popup document 'base_unit'",
    ]);
  });

  it('a menu naming its own screen component needs its own path', () => {
    const screen = { group: 'base', component: 'base/UnitList' };
    const { problems } = loadCatalog([menus, dicts, unit({ menu: screen })]);
    expect(problems).toEqual([
      { file: 'base/unit.json', path: '/menu', message: expect.stringContaining('path') },
    ]);
    const ok = loadCatalog([menus, dicts, unit({ menu: { ...screen, path: '/base/unit' } })]);
    expect(ok.problems).toEqual([]);
    expect(ok.catalog.entities.get('base_unit')!.menu).toMatchObject({ component: 'base/UnitList' });
  });

  it('never lets a secret column be a dictionary source', () => {
    const src: SourceFile = {
      path: 'system/dict-sources.json',
      json: {
        kind: 'dictSources',
        sources: [{ table: 'sys_user', columns: { id: 'public', password: 'public' } }],
      },
    };
    const { catalog, problems } = loadCatalog([src]);
    expect(problems[0]).toMatchObject({
      path: '/sources/0/columns',
      message: expect.stringContaining('password'),
    });
    expect(catalog.dictSources.get('sys_user')!.columns.has('password')).toBe(false);
  });

  it('says who may read each dictionary column: public, a declared code, or the list of the document', () => {
    const src = (columns: Record<string, string>): SourceFile => ({
      path: 'system/dict-sources.json',
      json: { kind: 'dictSources', sources: [{ table: 'base_unit_log', columns }] },
    });
    const { catalog, problems } = loadCatalog([
      menus,
      dicts,
      unit(),
      src({ id: 'public', name: 'public', phone: 'base:unit:list' }),
    ]);
    expect(problems).toEqual([]);
    const log = catalog.dictSources.get('base_unit_log')!;
    expect([...log.columns]).toEqual(['id', 'name', 'phone']);
    expect([...log.permissions]).toEqual([['phone', 'base:unit:list']]);
    expect(log.document).toBeUndefined();
    // a document's own columns are read with its list permission, under its data rules
    const own = catalog.dictSources.get('base_unit')!;
    expect(own.document).toBe('base_unit');
    expect(Object.fromEntries(own.permissions)).toEqual({ id: 'base:unit:list', name: 'base:unit:list' });
  });

  it('refuses a column without its access, and a code outside every permission prefix', () => {
    const declared = (columns: unknown): SourceFile => ({
      path: 'system/dict-sources.json',
      json: { kind: 'dictSources', sources: [{ table: 'sys_user', columns }] },
    });
    // (the meta-schema's other document kinds report too: the dictSources branch is among them)
    expect(loadCatalog([declared(['id', 'realname'])]).problems).toContainEqual({
      file: 'system/dict-sources.json',
      path: '/sources/0/columns',
      message: 'must be object',
    });
    expect(loadCatalog([declared({ phone: 'secret' })]).problems).toContainEqual({
      file: 'system/dict-sources.json',
      path: '/sources/0/columns/phone',
      message: expect.stringContaining('pattern'),
    });
    expect(loadCatalog([menus, dicts, unit(), declared({ phone: 'nobody:user:list' })]).problems).toEqual([
      {
        file: 'system/dict-sources.json',
        path: '/sources/0/columns/phone',
        message: "permission 'nobody:user:list' is not under any document's or screen's permission prefix",
      },
    ]);
  });

  it('rejects duplicate codes and tables', () => {
    const copy = { ...unit(), path: 'base/unit-copy.json' };
    const { problems } = loadCatalog([menus, dicts, unit(), copy]);
    expect(problems.map((p) => p.message)).toContain(
      "duplicate document code 'base_unit' (also in base/unit.json)",
    );
  });
});

describe('documents that claim what another already holds (issue 8 item 20)', () => {
  const other = (over: Record<string, unknown>, path = 'base/aaa-new.json', created = 2000): SourceFile => ({
    path,
    created,
    json: {
      ...(unit().json as Record<string, unknown>),
      code: 'base_new',
      table: 'base_new',
      permission: 'base:new:',
      ...over,
    },
  });
  const old = { ...unit(), created: 1000 };

  it('two documents on one API path: the newer file is refused and named, the server keeps the older', () => {
    const { catalog, problems } = loadCatalog([
      menus,
      dicts,
      other({ api: '/base/unit' }),
      { ...old, json: { ...(old.json as object), api: '/base/unit' } },
    ]);
    expect(problems).toEqual([
      {
        file: 'base/aaa-new.json',
        path: '/api',
        message: "API path '/base/unit' is already used by document 'base_unit' (base/unit.json)",
      },
    ]);
    expect([...catalog.entities.keys()]).toEqual(['base_unit']);
  });

  it('the default API path counts too', () => {
    const { problems } = loadCatalog([
      menus,
      dicts,
      old,
      other({ api: '/online/cgform/api/crud/base_unit' }),
    ]);
    expect(problems.map((p) => [p.file, p.path])).toEqual([['base/aaa-new.json', '/api']]);
  });

  it('a reused table or permission prefix names the newer file, though its path sorts first', () => {
    const { catalog, problems } = loadCatalog([
      menus,
      dicts,
      other({ table: 'base_unit', permission: 'base:unit:' }),
      old,
    ]);
    expect(problems).toEqual([
      {
        file: 'base/aaa-new.json',
        path: '/table',
        message: "table 'base_unit' is already used by document 'base_unit' (base/unit.json)",
      },
      {
        file: 'base/aaa-new.json',
        path: '/permission',
        message: "permission prefix 'base:unit:' is already used by document 'base_unit' (base/unit.json)",
      },
    ]);
    expect([...catalog.entities.keys()]).toEqual(['base_unit']);
    // the same pair the other way round: now base/unit.json is the newcomer
    const swapped = loadCatalog([menus, dicts, other({ table: 'base_unit' }, 'base/aaa-new.json', 500), old]);
    expect(swapped.problems.map((p) => p.file)).toEqual(['base/unit.json']);
  });

  it('a duplicate code names the newer file too; the catalog keeps file order', () => {
    const { catalog, problems } = loadCatalog([menus, dicts, other({ code: 'base_unit' }), old]);
    expect(problems).toEqual([
      {
        file: 'base/aaa-new.json',
        path: '/code',
        message: "duplicate document code 'base_unit' (also in base/unit.json)",
      },
    ]);
    const both = loadCatalog([menus, dicts, other({}), old]);
    expect([...both.catalog.entities.keys()]).toEqual(['base_new', 'base_unit']);
    expect(catalog.entities.get('base_unit')).toBeDefined();
  });

  it('a schemaVersion newer than the code knows is refused, not rewritten', () => {
    const { catalog, problems } = loadCatalog([
      menus,
      dicts,
      unit({ schemaVersion: CURRENT_SCHEMA_VERSION + 1 }),
    ]);
    expect(problems).toEqual([
      {
        file: 'base/unit.json',
        path: '/schemaVersion',
        message: expect.stringContaining(
          `schemaVersion ${CURRENT_SCHEMA_VERSION + 1} is newer than this program understands`,
        ),
      },
    ]);
    expect(catalog.entities.size).toBe(0);
    expect(loadCatalog([menus, dicts, unit({ schemaVersion: 'x' })]).problems[0]).toMatchObject({
      path: '/schemaVersion',
    });
  });
});

describe('only what the runtime implements (issue 9 §1)', () => {
  it('list kinds outside the registered ones are refused (tab renders since the editable grid)', () => {
    const { problems } = loadCatalog([menus, dicts, unit({ list: { kind: 'sheet' } })]);
    expect(problems).toEqual([
      {
        file: 'base/unit.json',
        path: '/list/kind',
        message: 'must be equal to one of the allowed values: plain, auto, tree, copy, erp, innerTable, tab',
      },
    ]);
    expect(loadCatalog([menus, dicts, unit({ list: { kind: 'copy' } })]).problems).toEqual([]);
  });

  it('the master–detail kinds (erp, innerTable, tab) need sub-tables', () => {
    for (const kind of ['erp', 'innerTable', 'tab']) {
      const { problems } = loadCatalog([menus, dicts, unit({ list: { kind } })]);
      expect(problems, kind).toEqual([
        {
          file: 'base/unit.json',
          path: '/list/kind',
          message: `list kind "${kind}" shows sub-tables: the document needs children`,
        },
      ]);
    }
  });

  /** a sub-table of 计量单位 */
  const note = (over: Record<string, unknown> = {}): SourceFile => ({
    path: 'base/unit-note.json',
    json: {
      kind: 'entity',
      code: 'base_unit_note',
      title: '单位备注',
      table: 'base_unit_note',
      permission: 'base:unitNote:',
      fields: [{ key: 'unitId', title: '计量单位', type: 'input' }],
      ...over,
    },
  });

  it('a master–detail document names its records in spreadsheets by a unique field without scope', () => {
    const children = [{ code: 'base_unit_note', foreignKey: 'unitId' }];
    const named = (rule: Record<string, unknown>) =>
      unit({
        children,
        fields: [
          { key: 'name', title: '单位名称', type: 'input', validateRules: [{ required: true, ...rule }] },
          { key: 'status', title: '状态', type: 'select', dictCode: 'valid_status' },
        ],
      });
    for (const rule of [{}, { unique: true, scope: ['status'] }])
      expect(loadCatalog([menus, dicts, note(), named(rule)]).problems).toEqual([
        {
          file: 'base/unit.json',
          path: '/children',
          message:
            'a document with children needs a unique field (without scope) to name its records in spreadsheets',
        },
      ]);
    expect(loadCatalog([menus, dicts, note(), named({ unique: true })]).problems).toEqual([]);
  });

  it('a sub-table naming no sort is listed by its order field ascending; a named sort, or no master, keeps its own', () => {
    const master = unit({
      children: [{ code: 'base_unit_note', foreignKey: 'unitId' }],
      fields: [{ key: 'name', title: '单位名称', type: 'input', validateRules: [{ unique: true }] }],
    });
    const ordered = (over: Record<string, unknown> = {}) =>
      note({
        fields: [
          { key: 'unitId', title: '计量单位', type: 'input' },
          { key: 'seq', title: '序号', type: 'inputNumber', dbType: 'int', isOrder: true },
        ],
        ...over,
      });
    const sortOf = (files: SourceFile[]) => {
      const { catalog, problems } = loadCatalog([menus, dicts, ...files]);
      expect(problems).toEqual([]);
      return catalog.entities.get('base_unit_note')!.list.sort;
    };
    expect(sortOf([master, ordered()])).toEqual({ column: 'seq', order: 'asc' });
    // without isOrder, a field keyed orderNum is the order field
    const orderNum = note({
      fields: [
        { key: 'unitId', title: '计量单位', type: 'input' },
        { key: 'orderNum', title: '排序', type: 'inputNumber', dbType: 'int' },
      ],
    });
    expect(sortOf([master, orderNum])).toEqual({ column: 'orderNum', order: 'asc' });
    expect(sortOf([master, ordered({ list: { sort: { column: 'createTime' } } })])).toEqual({
      column: 'createTime',
      order: 'desc',
    });
    expect(sortOf([unit(), ordered()])).toEqual({ column: 'createTime', order: 'desc' });
    expect(sortOf([master, note()])).toEqual({ column: 'createTime', order: 'desc' });
  });

  it('a document is no sub-table of itself, directly or through its sub-tables', () => {
    const unique = [
      { key: 'name', title: '单位名称', type: 'input', validateRules: [{ unique: true }] },
      { key: 'unitId', title: '计量单位', type: 'input' },
    ];
    const self = unit({ children: [{ code: 'base_unit', foreignKey: 'unitId' }], fields: unique });
    expect(loadCatalog([menus, dicts, self]).problems).toEqual([
      {
        file: 'base/unit.json',
        path: '/children',
        message: "document 'base_unit' is a sub-table of itself (through children)",
      },
    ]);
    // 计量单位 → 单位备注 → 计量单位
    const back = note({ fields: unique, children: [{ code: 'base_unit', foreignKey: 'unitId' }] });
    const around = unit({ children: [{ code: 'base_unit_note', foreignKey: 'unitId' }], fields: unique });
    expect(
      loadCatalog([menus, dicts, back, around])
        .problems.map((p) => p.message)
        .sort(),
    ).toEqual([
      "document 'base_unit' is a sub-table of itself (through children)",
      "document 'base_unit_note' is a sub-table of itself (through children)",
    ]);
  });

  it('field types nothing implements are refused', () => {
    const { problems } = loadCatalog([
      menus,
      dicts,
      // JeecgBoot's linked drop-down, which this product does not implement
      unit({ fields: [{ key: 'ref', title: '引用', type: 'link_down' }] }),
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        path: '/fields/0/type',
        message: expect.stringContaining('must be equal to one of the allowed values'),
      }),
    ]);
  });

  it('a choice field needs a dictionary, and a field is searched only in the modes its type has', () => {
    const { problems } = loadCatalog([
      menus,
      dicts,
      unit({
        fields: [
          { key: 'name', title: '名称', type: 'input', query: { mode: 'range' } },
          { key: 'kind', title: '类型', type: 'select' },
          { key: 'photo', title: '照片', type: 'image', query: { mode: 'single' } },
          { key: 'day', title: '日期', type: 'date', query: { mode: 'single', like: true } },
          { key: 'qty', title: '数量', type: 'inputNumber', query: { mode: 'range' } },
        ],
      }),
    ]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/fields/0/query', 'a input field is searched by like or single, not range'],
      ['/fields/1', 'a select field offers its values from dictCode, dict or options: give one'],
      ['/fields/2/query', 'a image field cannot be searched'],
      ['/fields/3/query', 'a date field is searched by range or single, not like'],
    ]);
  });

  it('with a second side (the browser renderers), a type or kind it lacks fails the check', () => {
    const { catalog } = loadCatalog([menus, dicts, unit()]);
    expect(unimplemented(catalog, [CORE_IMPLEMENTATION])).toEqual([]);
    const renderers = { side: 'renderers', fieldTypes: new Set(['input']), listKinds: new Set(['tree']) };
    expect(unimplemented(catalog, [CORE_IMPLEMENTATION, renderers])).toEqual([
      {
        file: 'base/unit.json',
        path: '/list/kind',
        message: "list kind 'plain' has no implementation in renderers",
      },
      {
        file: 'base/unit.json',
        path: '/fields/1/type',
        message: "field type 'select' has no implementation in renderers",
      },
    ]);
  });
});
