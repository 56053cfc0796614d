import { Typography } from 'antd';

/** the heading of a card page under the login layout (register, result, recovery) */
export default function PageTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24, textAlign: 'center' }}>
      {children}
    </Typography.Title>
  );
}
