import type { AppContext } from '../context';
import type { RouteTable } from '../http/routes';
import { registerUserRoutes } from './user/routes';
import { registerSelectDepartRoutes } from './user/select-depart';
import { registerRoleRoutes } from './role/routes';
import { registerPermissionRoutes } from './permission/routes';
import { registerGrantRoutes } from './permission/grants';
import { registerDataRuleRoutes } from './permission/data-rules';
import { registerDepartRoutes } from './depart/routes';

/**
 * System administration, access half (issue 4): users, roles, menus and buttons, grants, data
 * rules, departments and department roles, the department/position switch. Positions, tenants and
 * the logs are plain documents (schemas/system) served by the generic CRUD.
 */
export function registerAccessRoutes(t: RouteTable, ctx: AppContext): void {
  registerUserRoutes(t, ctx);
  registerSelectDepartRoutes(t, ctx);
  registerRoleRoutes(t, ctx);
  registerPermissionRoutes(t, ctx);
  registerGrantRoutes(t, ctx);
  registerDataRuleRoutes(t, ctx);
  registerDepartRoutes(t, ctx);
}
