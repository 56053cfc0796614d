import { LazyResult } from './common/LazyResult';
import { resolveRenderer, type MenuTarget } from './registry';

/** the visible error for a component name nothing is registered under */
export function UnknownRenderer({ name }: { name: string }) {
  return (
    <LazyResult status="warning" title="页面组件未注册" subTitle={`组件 ${name} 没有对应的页面或渲染器`} />
  );
}

/** A menu route's page from the registry, or a visible error naming what is missing. */
export function RouteRenderer(target: MenuTarget) {
  const r = resolveRenderer(target);
  if ('missing' in r) return <UnknownRenderer name={r.missing} />;
  return <r.Renderer code={r.code} />;
}
