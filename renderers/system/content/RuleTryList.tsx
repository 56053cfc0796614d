import { useState, type ComponentType } from 'react';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';

/** the dialog a rule's 测试 opens; null while closed */
export type RuleTry = ComponentType<{ rule: Row | null; onClose: () => void }>;

/** A rule document's generic list with 测试 on every row, opening the rule's tryout dialog. */
export function RuleTryList({ code, Try }: { code: string; Try: RuleTry }) {
  const [trying, setTrying] = useState<Row | null>(null);
  return (
    <>
      <DocumentList code={code} rowActions={() => [{ key: 'try', label: '测试', run: setTrying }]} />
      <Try rule={trying} onClose={() => setTrying(null)} />
    </>
  );
}
