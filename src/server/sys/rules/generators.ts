import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { BizError } from '../../http/envelope';
import { nowText } from '../../crud/time';
import { nextChildCode } from './codes';

export interface FillInput {
  db: Db;
  ruleCode: string;
  params: Record<string, unknown>;
  formData: Record<string, unknown>;
}

interface Generator {
  title: string;
  /** refuses parameters the generator cannot use (checked when a rule is saved) */
  checkParams(params: Record<string, unknown>): void;
  run(input: FillInput): Promise<string>;
}

const DATE_FORMATS: Record<string, (now: string) => string> = {
  yyyyMMdd: (now) => now.slice(0, 10).replace(/-/g, ''),
  yyyyMM: (now) => now.slice(0, 7).replace(/-/g, ''),
  yyyy: (now) => now.slice(0, 4),
  '': () => '',
};

function orderParams(p: Record<string, unknown>) {
  const prefix = p.prefix === undefined ? '' : p.prefix;
  const dateFormat = p.dateFormat === undefined ? 'yyyyMMdd' : p.dateFormat;
  const digits = p.digits === undefined ? 4 : p.digits;
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9_-]{0,20}$/.test(prefix))
    throw new BizError('参数 prefix 只能是不超过20位的字母、数字、_ 或 -');
  if (typeof dateFormat !== 'string' || !(dateFormat in DATE_FORMATS))
    throw new BizError('参数 dateFormat 只能是 yyyyMMdd、yyyyMM、yyyy 或空');
  if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 1 || digits > 12)
    throw new BizError('参数 digits 须是 1 到 12 的整数');
  return { prefix, dateFormat, digits };
}

function noParams(p: Record<string, unknown>) {
  if (Object.keys(p).length) throw new BizError('该生成器没有参数');
}

function idOf(formData: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = formData[k];
    if (typeof v === 'string' && v && v !== '0') return v;
  }
  return null;
}

/**
 * The value generators a fill rule may name: a fixed registry of functions, never a class name or
 * code taken from the database. A rule row only picks one and gives it parameters.
 */
export const GENERATORS: Record<string, Generator> = {
  order_num: {
    title: '单号：前缀 + 日期 + 流水号',
    checkParams: orderParams,
    // one counter per rule and period, incremented in a single statement: numbers never repeat,
    // however many requests ask at once or however many server instances answer them
    async run({ db, ruleCode, params }) {
      const { prefix, dateFormat, digits } = orderParams(params);
      const period = DATE_FORMATS[dateFormat](nowText());
      const row = await sql<{ value: string }>`
        insert into sys_fill_rule_sequence (rule_code, period, value) values (${ruleCode}, ${period || '-'}, 1)
        on conflict (rule_code, period) do update set value = sys_fill_rule_sequence.value + 1
        returning value`.execute(db);
      return `${prefix}${period}${String(row.rows[0].value).padStart(digits, '0')}`;
    },
  },
  org_code: {
    title: '部门编码：上级部门编码 + 3 位（A01、A02 …）',
    checkParams: noParams,
    run: ({ db, formData }) =>
      nextChildCode(
        db,
        {
          table: 'sys_depart',
          codeColumn: 'org_code',
          pidColumn: 'parent_id',
          missingParent: '上级部门不存在',
        },
        idOf(formData, 'parentId', 'pid'),
      ),
  },
  category_code: {
    title: '分类编码：上级分类编码 + 3 位（A01、A02 …）',
    checkParams: noParams,
    run: ({ db, formData }) =>
      nextChildCode(
        db,
        { table: 'sys_category', codeColumn: 'code', pidColumn: 'pid', missingParent: '上级分类不存在' },
        idOf(formData, 'pid', 'parentId'),
      ),
  },
};
