import type { AppContext } from '../context';
import type { RouteTable } from '../http/routes';
import { registerDictAdminRoutes } from './dict-admin/routes';
import { registerRuleRoutes } from './rules/routes';
import { registerAreaRoutes } from './area/routes';
import { registerCategoryRoutes } from './category/routes';
import { registerAnnouncementRoutes } from './announcement/routes';
import { registerSocketRoutes } from '../socket/routes';
import { registerVxeSocket } from '../socket/vxe';
import { watchSessions } from '../socket/session-sockets';

/** the content half of system administration: dictionaries, categories, announcements, rules, live notices and the editable table's live sync */
export function registerContentRoutes(t: RouteTable, ctx: AppContext): void {
  registerDictAdminRoutes(t, ctx);
  registerRuleRoutes(t, ctx);
  registerCategoryRoutes(t, ctx);
  registerAreaRoutes(t, ctx);
  const sockets = watchSessions(ctx);
  registerAnnouncementRoutes(t, ctx, registerSocketRoutes(t, ctx, sockets));
  registerVxeSocket(t, ctx, sockets);
}
