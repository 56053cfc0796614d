import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Crumb } from './breadcrumb';
import { t } from '../i18n/i18n';

export interface PageContentProps {
  /** the route / menu title */
  title?: ReactNode;
  description?: ReactNode;
  /** from breadcrumbItems(): links except the current item */
  breadcrumb?: Crumb[];
  /** right side of the title row (actions) */
  extra?: ReactNode;
  /** hides the title row (home keeps the breadcrumb only) */
  hideTitle?: boolean;
  children?: ReactNode;
}

/** The page-content wrapper: breadcrumb, title and description above the page. */
export default function PageContent({
  title,
  description,
  breadcrumb,
  extra,
  hideTitle,
  children,
}: PageContentProps) {
  return (
    <>
      <div className="shell-page-header">
        {breadcrumb && (
          <Breadcrumb
            aria-label={t('layout.breadcrumb')}
            items={breadcrumb.map((c) => ({ title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))}
          />
        )}
        {!hideTitle && (title || extra) && (
          <div className="shell-page-title-row">
            {title && <h1 className="shell-page-title">{title}</h1>}
            {extra && <div className="shell-page-extra">{extra}</div>}
          </div>
        )}
        {description && <div className="shell-page-description">{description}</div>}
      </div>
      <div className="shell-page-body">{children}</div>
    </>
  );
}
