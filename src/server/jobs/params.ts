import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JobKind } from './kind';
import { jobKindOf } from './registry';

const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new WeakMap<JobKind, ValidateFunction>();

/** one ajv error in the console's words */
function said(e: ErrorObject): string {
  const at = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '参数';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `缺少 ${String(p.missingProperty)}`;
    case 'additionalProperties':
      return `不认识的参数 ${String(p.additionalProperty)}`;
    case 'type':
      return `${at} 应为${({ string: '文本', integer: '整数', number: '数字', object: '对象', array: '数组', boolean: '布尔值' } as Record<string, string>)[String(p.type)] ?? String(p.type)}`;
    case 'minimum':
    case 'maximum':
      return `${at} 应${e.keyword === 'minimum' ? '不小于' : '不大于'} ${String(p.limit)}`;
    case 'minLength':
    case 'maxLength':
      return `${at} 的长度应${e.keyword === 'minLength' ? '不少于' : '不超过'} ${String(p.limit)}`;
    case 'pattern':
      return `${at} 格式不正确`;
    default:
      return `${at} 不符合要求`;
  }
}

/**
 * Why a job's 参数 (JSON text, empty for none) do not fit its kind's schema, in Chinese; null when
 * they do. An unknown kind is a problem too: only registered kinds run.
 */
export function paramsProblem(kindName: string, text: string | null | undefined): string | null {
  const kind = jobKindOf(kindName);
  if (!kind) return `任务类名 ${kindName} 不是已注册的任务类型`;
  let value: unknown = {};
  if (text && text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      return '参数须为 JSON 对象，例如 {"graceHours": 24}';
    }
  }
  let validate = compiled.get(kind);
  if (!validate) compiled.set(kind, (validate = ajv.compile(kind.params)));
  if (validate(value)) return null;
  return `参数不符合任务类型“${kind.title}”的要求：${said(validate.errors![0])}`;
}

/** the parameters of a job, as its kind reads them (already checked by paramsProblem) */
export function jobParams(text: string | null | undefined): Record<string, unknown> {
  return text && text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
}
