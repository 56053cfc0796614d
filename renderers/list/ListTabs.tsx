import { useMemo, type ReactNode } from 'react';
import { Skeleton, Tabs, theme } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import { useOptions } from '../common/use-options';

/**
 * A list in tabs (its document's `list.tabs`): one tab per dictionary value of the field, each the
 * list limited to that value (系统日志: 登录日志 and 操作日志 by logType).
 */
export function ListTabs({
  doc,
  field,
  list,
}: {
  doc: EntityDocument;
  field: string;
  list: (fixed: Record<string, string>) => ReactNode;
}) {
  const { token } = theme.useToken();
  const fields = useMemo(() => doc.fields.filter((f) => f.key === field), [doc, field]);
  const options = useOptions(fields)?.[field];
  if (!options) return <Skeleton active style={{ padding: 24 }} />;
  return (
    <Tabs
      destroyOnHidden
      // the tab bar sits on the list's card, as its header
      tabBarStyle={{
        background: token.colorBgContainer,
        padding: '0 24px',
        marginBottom: 0,
        borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
      }}
      items={options.map((o) => ({ key: o.value, label: o.text, children: list({ [field]: o.value }) }))}
    />
  );
}
