import jsonLogic, { type RulesLogic } from 'json-logic-js';
import type { FieldDoc } from './types';

/** A json-logic rule over a form's values by field key, e.g. {"==": [{"var": "msgType"}, "USER"]} */
export type Condition = RulesLogic;

/** what a field's `when` rules make of it for one set of values */
export interface FieldState {
  hidden: boolean;
  disabled: boolean;
  /** required by a rule (a field's own required rule applies besides) */
  required: boolean;
}

/** does a rule hold for these values (`absent`: what no rule means) */
export const holds = (rule: Condition | undefined, values: Record<string, unknown>, absent: boolean) =>
  rule === undefined ? absent : jsonLogic.truthy(jsonLogic.apply(rule, values));

/**
 * The same evaluation on both sides: the form hides, disables and requires by it, the server
 * requires by it (a hidden field is never required, whatever its rules say).
 */
export function fieldState(f: FieldDoc, values: Record<string, unknown> | undefined): FieldState {
  const v = values ?? {};
  const hidden = !holds(f.when?.visible, v, true);
  return {
    hidden,
    disabled: holds(f.when?.disabled, v, false),
    required: !hidden && holds(f.when?.required, v, false),
  };
}

/** the variables a rule reads (none without a rule) */
export function ruleVariables(rule: Condition | undefined): string[] {
  return rule === undefined
    ? []
    : (jsonLogic.uses_data(rule as Record<string, unknown>) as string[]).map(String);
}

/** the field keys a field's rules read (schemas:check refuses one that names no field) */
export function conditionVariables(f: FieldDoc): string[] {
  return [...(Object.values(f.when ?? {}) as Condition[]), f.altTitle?.when].flatMap(ruleVariables);
}

/** the title a field goes by for these values (its altTitle while that rule holds) */
export function titleOf(f: FieldDoc, values: Record<string, unknown> | undefined): string {
  return f.altTitle && holds(f.altTitle.when, values ?? {}, false) ? f.altTitle.title : f.title;
}
