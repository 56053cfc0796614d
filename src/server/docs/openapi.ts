import type { RouteSpec } from '../http/routes';
import { accessLabel } from '../http/routes';

/** OpenAPI 3 description generated from the route table, so it can never miss a route. */
export function openApiDocument(routes: RouteSpec[], apiBase: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = r.url.replace(/:([a-zA-Z]+)/g, '{$1}');
    paths[p] ??= {};
    for (const m of ([] as string[]).concat(r.method)) {
      const query = (r.params ?? []).filter((x) => x.in !== 'body');
      const body = (r.params ?? []).filter((x) => x.in === 'body');
      paths[p][m.toLowerCase()] = {
        tags: [r.tag],
        summary: r.summary,
        description: `权限：${accessLabel(r.access) === 'open' ? '无需登录' : accessLabel(r.access) === 'session' ? '登录即可' : `需要权限码 ${accessLabel(r.access)}（缺少时 code 510）`}`,
        security: r.access === 'open' ? [] : [{ token: [] }],
        parameters: query.map((x) => ({
          name: x.name,
          in: x.in,
          required: x.in === 'path' || Boolean(x.required),
          description: x.description,
          schema: { type: 'string' },
        })),
        requestBody: r.upload
          ? {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                },
              },
            }
          : body.length
            ? {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: body.filter((b) => b.required).map((b) => b.name),
                      properties: Object.fromEntries(
                        body.map((b) => [b.name, { type: 'string', description: b.description }]),
                      ),
                    },
                  },
                },
              }
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
        '所有接口返回信封 {success, message, code, result, timestamp}。业务错误为 HTTP 200 + success:false（code 500）；缺少权限 code 510；会话无效 HTTP 401。分页结果为 {records, total, size, current, pages}。',
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
