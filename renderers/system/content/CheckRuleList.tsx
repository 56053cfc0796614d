import type { RendererProps } from '../../registry';
import { CheckRuleTry } from './CheckRuleTry';
import { RuleTryList } from './RuleTryList';

/** 编码校验规则: the generic list of sys_check_rule, and 测试 to check a value against a rule. */
export default function CheckRuleList({ code }: RendererProps) {
  return <RuleTryList code={code || 'sys_check_rule'} Try={CheckRuleTry} />;
}
