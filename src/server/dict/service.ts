import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import type { Catalog } from '../../core/document/load';
import type { FieldDoc, TableDict } from '../../core/document/types';
import { ident } from '../db/sync';
import { sourceOf } from './table-dict';

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
}

function option(value: unknown, text: unknown, color?: unknown): DictOption {
  const t = text === null || text === undefined ? '' : String(text);
  const o: DictOption = { value: String(value ?? ''), text: t, title: t, label: t };
  if (color) o.color = String(color);
  return o;
}

/** SQL columns are in the value list of a table dictionary; equalities are bound values */
export function conditionSql(condition: Record<string, string | number> | undefined): Expression<SqlBool>[] {
  return Object.entries(condition ?? {}).map(
    ([col, v]) => sql<SqlBool>`${sql.raw(ident(col))} = ${String(v)}`,
  );
}

/**
 * System dictionaries (sys_dict / sys_dict_item) with an in-process cache, and table dictionaries
 * over declared sources. Forms are offered enabled items only, while lists translate with every
 * item, so disabling an item does not turn the rows that hold it into raw values. Every
 * dictionary write calls refresh(), so edits show in lists without a re-login.
 */
export class DictService {
  private items: Map<string, { option: DictOption; enabled: boolean }[]> | null = null;
  /** value → text of each system dictionary, built once per load of the items (texts() runs on every list) */
  private textMaps: { of: Map<string, unknown>; byCode: Map<string, ReadonlyMap<string, string>> } | null =
    null;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
  ) {}

  refresh(): void {
    this.items = null;
  }

  private async load(): Promise<Map<string, { option: DictOption; enabled: boolean }[]>> {
    if (!this.items) {
      const rows = await this.db
        .selectFrom('sys_dict_item as i')
        .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
        .select(['d.dict_code', 'i.item_value', 'i.item_text', 'i.item_color', 'i.status'])
        .where('d.del_flag', '=', 0)
        .orderBy('d.dict_code')
        .orderBy('i.sort_order')
        .orderBy('i.item_value')
        .execute();
      const map = new Map<string, { option: DictOption; enabled: boolean }[]>();
      for (const r of rows) {
        const code = r.dict_code as string;
        if (!map.has(code)) map.set(code, []);
        map
          .get(code)!
          .push({ option: option(r.item_value, r.item_text, r.item_color), enabled: Number(r.status) === 1 });
      }
      this.items = map;
    }
    return this.items;
  }

  /** every dictionary's enabled items */
  async all(): Promise<Map<string, DictOption[]>> {
    const out = new Map<string, DictOption[]>();
    for (const [code, items] of await this.load())
      out.set(
        code,
        items.filter((i) => i.enabled).map((i) => i.option),
      );
    return out;
  }

  /** the enabled items of one dictionary (what a form offers) */
  async byCode(code: string): Promise<DictOption[] | undefined> {
    return (await this.load())
      .get(code)
      ?.filter((i) => i.enabled)
      .map((i) => i.option);
  }

  /**
   * The rows of a table dictionary as options. `scope` narrows them to what the reader may see
   * (access.ts); the server's own reads (list texts, export, import) pass none.
   */
  async tableOptions(
    d: TableDict,
    opts: { keyword?: string; keys?: string[]; limit?: number; scope?: Expression<SqlBool>[] } = {},
  ): Promise<DictOption[]> {
    sourceOf(this.catalog, d);
    const where: Expression<SqlBool>[] = [...conditionSql(d.condition), ...(opts.scope ?? [])];
    const text = sql.raw(ident(d.text));
    const code = sql.raw(ident(d.code));
    if (opts.keys)
      where.push(sql<SqlBool>`${code}::text in (${sql.join(opts.keys.length ? opts.keys : [''])})`);
    if (opts.keyword) {
      const kw = opts.keyword;
      if (kw.includes(',')) {
        const items = kw.split(',').filter(Boolean);
        where.push(
          sql<SqlBool>`(${text}::text in (${sql.join(items)}) or ${code}::text in (${sql.join(items)}))`,
        );
      } else {
        const like = `%${kw.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
        where.push(sql<SqlBool>`(${text}::text ilike ${like} or ${code}::text ilike ${like})`);
      }
    }
    const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const limit = sql`limit ${Math.min(opts.limit ?? 10000, 10000)}`;
    const rows = await sql<{ value: unknown; text: unknown }>`
      select ${code} as value, ${text} as text from ${sql.raw(ident(d.table))} ${cond} order by ${text} ${limit}`.execute(
      this.db,
    );
    return rows.rows.map((r) => option(r.value, r.text));
  }

  /** value → text for the given values of a field (system, table or inline options) */
  async texts(field: FieldDoc, values: string[]): Promise<ReadonlyMap<string, string>> {
    if (!values.length) return new Map();
    if (field.dictCode) {
      const items = await this.load();
      if (this.textMaps?.of !== items) this.textMaps = { of: items, byCode: new Map() };
      let texts = this.textMaps.byCode.get(field.dictCode);
      if (!texts) {
        texts = new Map((items.get(field.dictCode) ?? []).map((i) => [i.option.value, i.option.text]));
        this.textMaps.byCode.set(field.dictCode, texts);
      }
      return texts;
    }
    const out = new Map<string, string>();
    let opts: DictOption[] = [];
    if (field.options) opts = field.options.map((o) => option(o.value, o.text));
    else if (field.dict) opts = await this.tableOptions(field.dict, { keys: values });
    for (const o of opts) out.set(o.value, o.text);
    return out;
  }
}

export function hasDictionary(field: FieldDoc): boolean {
  return Boolean(field.dictCode || field.dict || field.options);
}
