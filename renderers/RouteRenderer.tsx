import { LazyResult } from './common/LazyResult';
import { t } from './common/messages';
import { resolveRenderer, type MenuTarget } from './registry';

/** the visible error for a component name nothing is registered under */
export function UnknownRenderer({ name }: { name: string }) {
  return (
    <LazyResult status="warning" title={t('unknownRenderer')} subTitle={t('unknownRendererText', { name })} />
  );
}

/** A menu route's page from the registry, or a visible error naming what is missing. */
export function RouteRenderer(target: MenuTarget) {
  const r = resolveRenderer(target);
  if ('missing' in r) return <UnknownRenderer name={r.missing} />;
  return <r.Renderer code={r.code} />;
}
