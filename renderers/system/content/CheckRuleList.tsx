import { useState } from 'react';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { CheckRuleTry } from './CheckRuleTry';

/** 编码校验规则: the generic list of sys_check_rule, and 测试 to check a value against a rule. */
export default function CheckRuleList({ code }: RendererProps) {
  const [trying, setTrying] = useState<Row | null>(null);
  return (
    <>
      <DocumentList
        code={code || 'sys_check_rule'}
        rowActions={() => [{ key: 'try', label: '测试', run: setTrying }]}
      />
      <CheckRuleTry rule={trying} onClose={() => setTrying(null)} />
    </>
  );
}
