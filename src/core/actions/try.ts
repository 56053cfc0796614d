import type { ActionDoc, ActionKindDef, ActionOperation } from './types';

/**
 * What each rule a try action tries runs on the server, by the rule's code (the row's ruleCode):
 * check, a typed value checked (编码校验规则); fill, the value the rule generates (填值规则). The
 * routes are the ones forms call as the user types, open to every signed-in user.
 */
export const TRIED_RULES = {
  check: { method: 'GET', url: '/sys/checkRule/checkByCode', access: 'session' },
  fill: { method: 'PUT', url: '/sys/fillRule/executeRuleByCode/:ruleCode', access: 'session' },
} satisfies Record<string, ActionOperation>;

export type TriedRule = keyof typeof TRIED_RULES;

/** a try action's params: which kind of rule the row is */
export interface TryParams {
  rule: TriedRule;
}

export const tryParams = (a: ActionDoc) => a.params as unknown as TryParams;

/** try: a dialog that tries the row's rule (测试 on 编码校验规则 and 填值规则) */
export const tryRule: ActionKindDef = {
  places: ['row'],
  check(action) {
    const rule = (action.params ?? {}).rule;
    return typeof rule === 'string' && rule in TRIED_RULES
      ? []
      : [['/params/rule', `rule must be one of ${Object.keys(TRIED_RULES).join(', ')}`]];
  },
  operations: (action) => [TRIED_RULES[tryParams(action).rule]],
};
