import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from './setup/client';

/**
 * Issue 8 item 25: the API reference the server serves (GET /api/docs/openapi.json) is a valid
 * OpenAPI 3.0 document, checked by a real validator (the official schema plus the validator's own
 * rules), and the document routes' bodies and parameters are typed from the documents.
 */
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  doc = await (await fetch(`${apiUrl()}/docs/openapi.json`)).json();
});

const op = (path: string, method: 'get' | 'post' | 'put') => doc.paths[path]![method]!;
const bodyOf = (path: string, method: 'post' | 'put') =>
  (op(path, method).requestBody as OpenAPIV3.RequestBodyObject).content['application/json']
    .schema as OpenAPIV3.SchemaObject;
const paramsOf = (path: string) =>
  Object.fromEntries(
    (op(path, 'get').parameters as OpenAPIV3.ParameterObject[]).map((p) => [p.name, p.schema]),
  );

describe('the OpenAPI document', () => {
  it('passes validation', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('an add body is typed from the document: types, lengths, formats, required fields', () => {
    const add = bodyOf('/pro/product/add', 'post');
    // 生产状态 is required but has a default, which the server fills in
    expect(add.required).toEqual(['name', 'code', 'productTypeId', 'unitId']);
    expect(add.properties!.price).toMatchObject({ type: 'number', nullable: true });
    expect(add.properties!.code).toMatchObject({ type: 'string', maxLength: 50 });
    expect(add.properties!.produceDate).toMatchObject({
      type: 'string',
      description: '投产日期（YYYY-MM-DD）',
    });
    expect(add.properties!.status).toMatchObject({
      description: expect.stringContaining('字典 product_status'),
    });
    expect(op('/pro/product/add', 'post').requestBody).toMatchObject({ required: true });
  });

  it('an edit needs the id only; multi values and integer columns are typed', () => {
    const edit = bodyOf('/sys/user/edit', 'put');
    expect(edit.required).toEqual(['id']);
    expect(edit.properties!.departIds).toMatchObject({
      anyOf: [
        { type: 'string', maxLength: 1000 },
        { type: 'array', items: { type: 'string' } },
      ],
    });
    expect(edit.properties!.sex).toMatchObject({ type: 'string' });
    // read-only fields are the server's to fill
    expect(edit.properties).not.toHaveProperty('status');
    expect(edit.properties).toHaveProperty('password');
  });

  it('a list takes typed paging and one filter per searchable field in its mode', () => {
    const params = paramsOf('/pro/product/list');
    expect(params.pageNo).toEqual({ type: 'integer', minimum: 1, default: 1 });
    expect(params.order).toEqual({ type: 'string', enum: ['asc', 'desc'] });
    expect(Object.keys(params)).toEqual(
      expect.arrayContaining([
        'name',
        'code',
        'price_begin',
        'price_end',
        'produceDate_begin',
        'produceDate_end',
      ]),
    );
    expect(params).not.toHaveProperty('price');
    expect(params).not.toHaveProperty('remark');
  });
});
