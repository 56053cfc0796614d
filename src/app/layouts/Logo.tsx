import { BankOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { DEFAULT_HOME } from '../../core/constants';
import { API_BASE } from '../http/api-base';
import { fileUrl, readPlatformInfo, systemName } from './platform';

export interface LogoProps {
  /** the collapsed sider shows the mark alone */
  collapsed?: boolean;
  dark?: boolean;
}

/** The platform logo (stored logoUrl, or a default mark) and system name, linking home. */
export default function Logo({ collapsed = false, dark = false }: LogoProps) {
  const info = readPlatformInfo();
  const name = systemName(info);
  const src = fileUrl(info.logoUrl, API_BASE);
  return (
    <Link
      to={DEFAULT_HOME}
      className={`shell-logo${dark ? ' shell-logo-dark' : ''}`}
      aria-label={collapsed ? name : undefined}
      title={name}
    >
      {src ? <img src={src} alt="" /> : <BankOutlined className="shell-logo-mark" aria-hidden />}
      {!collapsed && <span className="shell-logo-title">{name}</span>}
    </Link>
  );
}
