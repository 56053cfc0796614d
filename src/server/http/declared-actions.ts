import { ACTION_KINDS, isActionKind } from '../../core/actions/registry';
import type { Catalog } from '../../core/document/load';
import { accessLabel, type RouteTable } from './routes';

/**
 * Each action a document declares whose kind runs a server route (call, form: their `route` in
 * src/core/actions/registry.ts) runs one the server declares under the action's permission code:
 * the button, its route, OpenAPI and the access matrix cannot drift apart. The mismatches, each as
 * one line (empty when all hold).
 */
export function declaredActionProblems(catalog: Catalog, table: RouteTable): string[] {
  const out: string[] = [];
  for (const doc of catalog.entities.values())
    for (const a of doc.actions ?? []) {
      const target = isActionKind(a.kind) ? ACTION_KINDS[a.kind].route?.(a) : undefined;
      if (!target) continue;
      const { method, url } = target;
      const route = table.routes.find(
        (r) => r.url === url && ([] as string[]).concat(r.method).includes(method),
      );
      const code = doc.permission + a.permission;
      if (!route)
        out.push(`${doc.code}: action '${a.key}' calls ${method} ${url}, which the server does not declare`);
      else if (accessLabel(route.access) !== code)
        out.push(
          `${doc.code}: action '${a.key}' needs ${code}, but ${method} ${url} is guarded by ${accessLabel(route.access)}`,
        );
    }
  return out;
}
