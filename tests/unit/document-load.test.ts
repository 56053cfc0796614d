import { describe, expect, it } from 'vitest';
import { loadCatalog, type SourceFile } from '../../src/core/document/load';
import { checkReportSql, reportParams } from '../../src/core/document/report-sql';
import type { ReportDocument } from '../../src/core/document/types';

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

  it('checks cross references: dictionary codes, dictionary tables, menu groups, sort columns, popups, children', () => {
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
        children: [{ code: 'missing_child', foreignKey: 'x' }],
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
          { key: 'ref', title: '引用', type: 'popup', popupCode: 'no_report' },
          { key: 'code', title: '编码', type: 'input', validateRules: [{ pattern: '([' }] },
        ],
      },
    };
    const { problems } = loadCatalog([menus, dicts, unit(), product]);
    const at = (path: string) =>
      problems.find((p) => p.file === 'production/product.json' && p.path === path)?.message;
    expect(at('/permission')).toBe("permission prefix 'base:unit:' is already used by document 'base_unit'");
    expect(at('/list/sort/column')).toBe("sort column 'nope' is not a field");
    expect(at('/menu/group')).toBe("unknown menu group 'ghost'");
    expect(at('/children/0/code')).toBe("unknown child document 'missing_child'");
    expect(at('/fields/0/dictCode')).toBe("unknown dictionary code 'no_such_dict'");
    expect(at('/fields/1/dict/text')).toBe(
      "column 'code' is not an allowed dictionary column of 'base_unit'",
    );
    expect(at('/fields/2/dict/table')).toBe("table 'sys_user' is not declared as a dictionary source");
    expect(at('/fields/3/popupCode')).toBe("unknown popup code 'no_report'");
    expect(at('/fields/4/validateRules/0/pattern')).toBe(
      "'([' is neither a preset nor a valid regular expression",
    );
  });

  it('a record picker is for list_multi or sel_search fields only, and only the known ones', () => {
    const field = (f: Record<string, unknown>) =>
      unit({
        fields: [
          { key: 'name', title: '单位名称', type: 'input' },
          { key: 'roles', title: '角色', ...f },
        ],
      });
    const picked = { dict: { table: 'base_unit', text: 'name', code: 'id' } };
    expect(
      loadCatalog([menus, dicts, field({ type: 'list_multi', picker: 'role', ...picked })]).problems,
    ).toEqual([]);
    expect(
      loadCatalog([menus, dicts, field({ type: 'sel_search', picker: 'position', multi: false, ...picked })])
        .problems,
    ).toEqual([]);
    const wrong = (f: Record<string, unknown>) =>
      loadCatalog([menus, dicts, field({ ...f, ...picked })]).problems.map((p) => p.path);
    expect(wrong({ type: 'input', picker: 'role' })).toContain('/fields/1/type');
    expect(wrong({ type: 'list_multi', picker: 'depart' })).toContain('/fields/1/picker');
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

describe('report SQL', () => {
  const report = (sql: string, params: ReportDocument['params'] = []): ReportDocument => ({
    kind: 'report',
    schemaVersion: 1,
    code: 'r',
    title: 'R',
    sql,
    params,
    columns: [{ key: 'a', title: 'A' }],
  });

  it('finds named parameters outside string literals', () => {
    expect(reportParams("select a from t where b = :minPrice and c = ':notParam' and d::text = :x")).toEqual([
      'minPrice',
      'x',
    ]);
  });

  it('accepts one read-only statement with declared parameters', () => {
    expect(
      checkReportSql(report('select a from t where b >= :min', [{ name: 'min', title: '最小' }])),
    ).toEqual([]);
  });

  it.each([
    ['delete from t', 'report SQL must start with SELECT or WITH'],
    ['select 1; drop table t', 'report SQL must be a single statement'],
    [
      'with x as (delete from t returning *) select * from x',
      "report SQL must be read-only (found 'delete')",
    ],
    ['select * from t where a = ${a}', 'report SQL uses text substitution; write :name parameters instead'],
    ['select * from t where a = :undeclared', "parameter ':undeclared' is not declared in params"],
  ])('refuses %s', (sql, message) => {
    expect(checkReportSql(report(sql))).toContain(message);
  });
});
