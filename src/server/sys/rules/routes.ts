import type { AppContext } from '../../context';
import type { Catalog } from '../../../core/document/load';
import { docDb, type Db } from '../../db/connect';
import { BizError, fail, ok } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { setEntityHooks } from '../../crud/hooks';
import { keepNamedCodes } from '../../crud/named-codes';
import { checkValue, parseCheckRule, ruleSegments } from './check';
import { GENERATORS } from './generators';

const MAX_BATCH = 50;

function formDataOf(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new BizError('表单数据必须是 JSON 对象');
  return v as Record<string, unknown>;
}

function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined || raw === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(String(raw));
  } catch {
    throw new BizError('规则参数不是合法的 JSON');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BizError('规则参数必须是 JSON 对象');
  return v as Record<string, unknown>;
}

/** runs the fill rule with this code on the form's data */
export async function executeFillRule(
  db: Db,
  ruleCode: string,
  formData: Record<string, unknown>,
): Promise<string> {
  const rule = await docDb(db)
    .selectFrom('sys_fill_rule')
    .select(['generator', 'rule_params'])
    .where('rule_code', '=', ruleCode)
    .executeTakeFirst();
  if (!rule) throw new BizError(`填值规则 ${ruleCode} 不存在`);
  const gen = GENERATORS[rule.generator as string];
  if (!gen) throw new BizError(`填值规则 ${ruleCode} 的生成器不可用`);
  return gen.run({ db, ruleCode, params: paramsOf(rule.rule_params), formData });
}

/** the fields (document title · field title) that name a check rule */
function fieldsUsingRule(catalog: Catalog, code: string): string[] {
  return [...catalog.entities.values()].flatMap((d) =>
    d.fields.filter((f) => f.checkRule === code).map((f) => `${d.title}·${f.title}`),
  );
}

function ruleCodeOf(v: unknown): string {
  const code = typeof v === 'string' ? v : '';
  if (!/^[a-zA-Z][a-zA-Z0-9_]{0,99}$/.test(code)) throw new BizError('规则编码格式不正确');
  return code;
}

/**
 * Check rules (segment patterns a value must match, reference 2.9) and fill rules (server-side value
 * generators picked from a fixed registry) on top of the generic CRUD of their documents.
 */
export function registerRuleRoutes(t: RouteTable, ctx: AppContext): void {
  setEntityHooks('sys_check_rule', {
    async beforeWrite(c, e) {
      if (typeof e.values.rule_json === 'string') parseCheckRule(e.values.rule_json);
      // a rule a document's field names stays: its forms and saves check with it
      await keepNamedCodes(e, {
        table: 'sys_check_rule',
        column: 'rule_code',
        key: 'ruleCode',
        noun: '校验规则',
        renameVerb: '修改编码',
        namedBy: (code) => fieldsUsingRule(c.catalog, code),
      });
    },
  });
  setEntityHooks('sys_fill_rule', {
    async beforeWrite(_c, e) {
      if (e.action === 'delete') return;
      const generator = String(e.values.generator ?? e.existing?.generator ?? '');
      const gen = GENERATORS[generator];
      if (!gen) throw new BizError('请选择可用的生成器');
      gen.checkParams(
        paramsOf(e.values.rule_params !== undefined ? e.values.rule_params : e.existing?.ruleParams),
      );
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/checkRule/checkByCode',
    access: 'session',
    tag: '编码校验规则',
    summary:
      '按规则编码校验一个值（表单校验用）：通过时 success:true；不通过时 message 为该段的提示，result 为 {digits, pattern, message, beginIndex, endIndex, checkValue, passed}',
    params: [
      { name: 'ruleCode', in: 'query', required: true },
      { name: 'value', in: 'query', description: '客户端 URL 编码后的值（服务端再解码一次）' },
    ],
    handler: async (req) => {
      const code = text(req.query, 'ruleCode', { required: '参数 ruleCode 不能为空', max: 100 });
      let value = text(req.query, 'value', { max: 2000 });
      try {
        value = decodeURIComponent(value);
      } catch {
        // a value that is not URL-encoded is checked as sent
      }
      const segments = await ruleSegments(ctx.db, code);
      if (!segments) return fail('该编码不存在');
      const failure = checkValue(segments, value);
      return failure ? fail(failure.message, 500, failure) : ok(null);
    },
  });

  t.add({
    method: 'PUT',
    url: '/sys/fillRule/executeRuleByCode/:ruleCode',
    access: 'session',
    tag: '填值规则',
    summary: '执行填值规则：请求体为当前表单数据，result 为生成的值（单号、部门编码、分类编码 …）',
    params: [{ name: 'ruleCode', in: 'path', required: true }],
    handler: async (req) =>
      ok(
        await executeFillRule(
          ctx.db,
          ruleCodeOf((req.params as { ruleCode?: unknown }).ruleCode),
          formDataOf(req.body),
        ),
      ),
  });

  t.add({
    method: 'PUT',
    url: '/sys/fillRule/executeRuleByCodeBatch',
    access: 'session',
    tag: '填值规则',
    summary:
      '批量执行填值规则：{commonFormData, rules:[{ruleCode, formData}]}（formData 缺省时用 commonFormData），result 为 [{ruleCode, result}]',
    handler: async (req) => {
      const body = formDataOf(req.body);
      const common = formDataOf(body.commonFormData);
      const rules = body.rules;
      if (!Array.isArray(rules) || !rules.length) throw new BizError('参数 rules 不能为空');
      if (rules.length > MAX_BATCH) throw new BizError(`一次最多执行${MAX_BATCH}个规则`);
      const results: { ruleCode: string; result: string }[] = [];
      for (const r of rules) {
        const rule = formDataOf(r);
        const ruleCode = ruleCodeOf(rule.ruleCode);
        const data =
          rule.formData === undefined || rule.formData === null ? common : formDataOf(rule.formData);
        results.push({ ruleCode, result: await executeFillRule(ctx.db, ruleCode, data) });
      }
      return ok(results);
    },
  });
}
