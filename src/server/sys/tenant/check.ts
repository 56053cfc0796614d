import { docDb } from '../../db/connect';
import { sql, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

export const TENANT_CHANGED = '用户租户信息变更,请重新登陆!';

/**
 * The tenant a request acts in: the tenant-id header ('0' or absent: none). Null when the header
 * names a tenant the user does not belong to, or one that is frozen or out of its validity dates.
 */
export async function requestTenant(
  ctx: AppContext,
  req: FastifyRequest,
  tenantIds: string[],
): Promise<string | null> {
  const h = req.headers['tenant-id'];
  const tenant = (Array.isArray(h) ? h[0] : h)?.trim() ?? '';
  if (!tenant || tenant === '0') return '';
  if (!tenantIds.includes(tenant)) return null;
  const row = await docDb(ctx.db)
    .selectFrom('sys_tenant')
    .select('id')
    .where('id', '=', tenant)
    .where('status', '=', '1')
    .where(sql<SqlBool>`(begin_date is null or begin_date <= current_date)`)
    .where(sql<SqlBool>`(end_date is null or end_date >= current_date)`)
    .executeTakeFirst();
  return row ? tenant : null;
}
