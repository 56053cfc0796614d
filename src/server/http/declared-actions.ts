import { ACTION_KINDS, isActionKind } from '../../core/actions/registry';
import type { Catalog } from '../../core/document/load';
import { accessLabel, type RouteTable } from './routes';

/**
 * Each operation a document's action runs (its kind's `operations`, src/core/actions/registry.ts)
 * is a route the server declares, under the action's permission code, open to every session or
 * under another code, as the kind says: the button, its routes, OpenAPI and the access matrix
 * cannot drift apart. The mismatches, each as one line (empty when all hold).
 */
export function declaredActionProblems(catalog: Catalog, table: RouteTable): string[] {
  const out: string[] = [];
  for (const doc of catalog.entities.values())
    for (const a of doc.actions ?? []) {
      if (!isActionKind(a.kind)) continue;
      for (const { method, url, access } of ACTION_KINDS[a.kind].operations(a)) {
        const route = table.routes.find(
          (r) => r.url === url && ([] as string[]).concat(r.method).includes(method),
        );
        const code =
          access === 'action'
            ? doc.permission + (a.permission ?? '')
            : access === 'edit'
              ? `${doc.permission}edit`
              : access === 'session'
                ? 'session'
                : access.perm;
        if (!route)
          out.push(
            `${doc.code}: action '${a.key}' calls ${method} ${url}, which the server does not declare`,
          );
        else if (accessLabel(route.access) !== code)
          out.push(
            `${doc.code}: action '${a.key}' needs ${code}, but ${method} ${url} is guarded by ${accessLabel(route.access)}`,
          );
      }
    }
  return out;
}
