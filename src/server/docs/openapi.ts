import type { RouteSpec } from '../http/routes';
import { accessLabel, type Access } from '../http/routes';

const ACCESS_TEXT: Record<string, string> = {
  open: '无需登录',
  session: '登录即可',
  visitor: '访客登录（手机端的访客令牌；工作人员令牌无效）',
};

const accessText = (a: Access) =>
  ACCESS_TEXT[accessLabel(a)] ?? `需要权限码 ${accessLabel(a)}（缺少时 code 510）`;

/** OpenAPI 3 description generated from the route table, so it can never miss a route. */
export function openApiDocument(routes: RouteSpec[], apiBase: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = r.url.replace(/:([a-zA-Z]+)/g, '{$1}');
    paths[p] ??= {};
    for (const m of ([] as string[]).concat(r.method)) {
      const query = (r.params ?? []).filter((x) => x.in !== 'body');
      const body = (r.params ?? []).filter((x) => x.in === 'body');
      const required = body.filter((b) => b.required).map((b) => b.name);
      const bodySchema =
        r.body ??
        (body.length
          ? {
              type: 'object',
              // OpenAPI 3.0 allows no empty list here
              ...(required.length ? { required } : {}),
              properties: Object.fromEntries(
                body.map((b) => [b.name, { type: 'string', ...b.schema, description: b.description }]),
              ),
            }
          : undefined);
      paths[p][m.toLowerCase()] = {
        tags: [r.tag],
        summary: r.summary,
        description:
          `权限：${accessText(r.access)}` +
          (r.accessByQuery
            ? `；${r.accessByQuery.name}=${r.accessByQuery.value} 时${accessText(r.accessByQuery.access)}`
            : ''),
        security: r.access === 'open' ? [] : [{ token: [] }],
        parameters: query.map((x) => ({
          name: x.name,
          in: x.in,
          required: x.in === 'path' || Boolean(x.required),
          description: x.description,
          schema: x.schema ?? { type: 'string' },
        })),
        requestBody: r.upload
          ? {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                },
              },
            }
          : bodySchema
            ? { required: Boolean(r.body), content: { 'application/json': { schema: bodySchema } } }
            : undefined,
        responses: r.file
          ? { '200': { description: 'Excel 文件（出错时为 JSON 信封）' } }
          : {
              '200': {
                description: '信封 {success, message, code, result, timestamp}',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
              },
              '401': { description: 'Token失效，请重新登录!' },
            },
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '数字博物馆管理平台 API',
      version: '1.0.0',
      description:
        '所有接口返回信封 {success, message, code, result, timestamp}。业务错误为 HTTP 200 + success:false（code 500）；缺少权限 code 510；会话无效 HTTP 401。分页结果为 {records, total, size, current, pages}。文档的列表、导出、详情、编辑与删除按数据规则过滤：同一角色的规则同时满足（AND），多个角色之间取并集（OR），持有菜单而未选规则的角色不受限制；规则值中的系统变量（#{sys_user_code}、#{sys_org_code}、#{sys_multi_org_code}、#{sys_date}、#{sys_time}、#{tenant_id} 等）作为绑定参数使用；不支持 USE_SQL_RULES（规则不能携带 SQL 片段）。被规则隐藏的记录编辑、删除时回答“未找到对应数据”。请求头 tenant-id 指向用户不属于或已冻结的租户时 HTTP 401“用户租户信息变更,请重新登陆!”。',
    },
    servers: [{ url: apiBase }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      schemas: {
        Envelope: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            code: { type: 'integer' },
            result: {},
            timestamp: { type: 'integer' },
          },
        },
      },
    },
    paths,
  };
}
