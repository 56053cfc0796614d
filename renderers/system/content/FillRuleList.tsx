import type { RendererProps } from '../../registry';
import { FillRuleTry } from './FillRuleTry';
import { RuleTryList } from './RuleTryList';

/** 填值规则: the generic list of sys_fill_rule, and 测试 to run a rule and see what it generates. */
export default function FillRuleList({ code }: RendererProps) {
  return <RuleTryList code={code || 'sys_fill_rule'} Try={FillRuleTry} />;
}
