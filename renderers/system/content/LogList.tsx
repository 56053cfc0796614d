import { Tabs, theme } from 'antd';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';

/** the logType of each tab (dictionary log_type) */
const TABS = [
  { key: '1', label: '登录日志' },
  { key: '2', label: '操作日志' },
];

/**
 * 系统日志: the login log and the operation log as two tabs over the read-only sys_log list, each
 * searchable by account, time range and result, newest first (the document's sort).
 */
export default function LogList({ code }: RendererProps) {
  const { token } = theme.useToken();
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
      items={TABS.map((t) => ({
        key: t.key,
        label: t.label,
        children: <DocumentList code={code || 'sys_log'} fixed={{ logType: t.key }} />,
      }))}
    />
  );
}
