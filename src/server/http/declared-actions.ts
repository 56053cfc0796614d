import { callParams } from '../../core/actions/call';
import type { Catalog } from '../../core/document/load';
import { accessLabel, type RouteTable } from './routes';

/**
 * Each `call` action a document declares (src/core/actions/call.ts) runs a route the server
 * declares under the action's permission code: the button, its route, OpenAPI and the access
 * matrix cannot drift apart. The mismatches, each as one line (empty when all hold).
 */
export function declaredActionProblems(catalog: Catalog, table: RouteTable): string[] {
  const out: string[] = [];
  for (const doc of catalog.entities.values())
    for (const a of doc.actions ?? []) {
      if (a.kind !== 'call') continue;
      const { method, url } = callParams(a);
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
