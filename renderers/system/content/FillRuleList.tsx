import { useState } from 'react';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { FillRuleTry } from './FillRuleTry';

/** 填值规则: the generic list of sys_fill_rule, and 测试 to run a rule and see what it generates. */
export default function FillRuleList({ code }: RendererProps) {
  const [trying, setTrying] = useState<Row | null>(null);
  return (
    <>
      <DocumentList
        code={code || 'sys_fill_rule'}
        rowActions={() => [{ key: 'try', label: '测试', run: setTrying }]}
      />
      <FillRuleTry rule={trying} onClose={() => setTrying(null)} />
    </>
  );
}
