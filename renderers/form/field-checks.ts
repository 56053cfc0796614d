import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { formFields } from './schema';
import type { FieldCheck, FieldChecks } from './use-field-checks';
import { checks } from '../server/system';

/** a check rule (编码校验规则): the failing segment's message */
export function ruleCheck(ruleCode: string): FieldCheck {
  return async (value) => {
    const res = await checks.rule(ruleCode, value);
    return res.success ? null : res.message;
  };
}

/** a unique value: the save's message when taken; a value unique within a scope sends the scope's values */
export function uniqueCheck(table: string, f: FieldDoc, scope: string[]): FieldCheck {
  return async (value, data, recordId) => {
    const res = await checks.duplicate({
      tableName: table,
      fieldName: f.key,
      fieldVal: value,
      dataId: recordId || undefined,
      ...Object.fromEntries(scope.map((k) => [k, data[k] === undefined ? undefined : String(data[k])])),
    });
    return res.success ? null : res.message;
  };
}

/**
 * The server checks a document's form runs as the user types: a field naming a check rule
 * is checked against it, a unique field for a taken value (the rule first: a malformed value need
 * not be looked up). Both answer what the save would, so the message is the same before and after 确定.
 */
export function documentChecks(doc: EntityDocument): FieldChecks {
  const out: FieldChecks = {};
  for (const f of formFields(doc)) {
    if (f.readonly || f.virtual) continue;
    const unique = f.validateRules?.find((r) => r.unique);
    const steps = [
      ...(f.checkRule ? [ruleCheck(f.checkRule)] : []),
      ...(unique ? [uniqueCheck(doc.table, f, unique.scope ?? [])] : []),
    ];
    if (!steps.length) continue;
    out[f.key] = async (value, data, recordId) => {
      for (const step of steps) {
        const message = await step(value, data, recordId);
        if (message) return message;
      }
      return null;
    };
  }
  return out;
}
