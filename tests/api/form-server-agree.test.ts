import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { leftFieldErrors } from '../../renderers/form/validation';
import { formFields } from '../../renderers/form/schema';
import { cellError } from '../../renderers/grid/grid-model';
import { loadCatalog } from '../../src/core/document/load';
import { fieldColumn } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { messages } from '../../src/core/validation/presets';
import { uniqueRule } from '../../src/core/validation/validate';
import { readSchemaFiles } from '../../src/server/docs/load-files';
import { adminToken, del, post } from './setup/client';

/**
 * The browser never sends what the server refuses: every document's typed fields (text, numbers,
 * dates) get values that break their rules — too short, too long, malformed, out of range — and
 * for each, the form's message (renderers/form/validation.ts, as the field is left) and a grid
 * cell's (renderers/grid/grid-model.ts) must be the one the server's add answers for that field.
 * Checks only the server can make (a taken unique value, a check rule kept in the database) are
 * left to the checks the form asks the server as the user types (renderers/form/field-checks.ts).
 */

const { catalog } = loadCatalog(readSchemaFiles(path.resolve('schemas')).files);
const TYPED = new Set(['input', 'textarea', 'password', 'inputNumber', 'date', 'datetime', 'time']);

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

/** values that break what a field of this kind may hold */
function probes(f: FieldDoc): unknown[] {
  const col = fieldColumn(f);
  const length = col.length ?? 255;
  const texts = [
    'a',
    'ab',
    'abc',
    'ab1',
    '!@#',
    ' x ',
    'x'.repeat(length + 1),
    '1'.repeat(12),
    'abcdefgh1234567890xyz',
  ];
  const numbers = [-1, 1.5, 1e15, '12abc', 'abc'];
  const dates = ['2026-13-45', 'abc', '2026/01/02', '25:61:00'];
  if (f.type === 'inputNumber') return numbers;
  if (f.type === 'date' || f.type === 'datetime' || f.type === 'time') return dates;
  return texts;
}

const checkable = (doc: EntityDocument) =>
  formFields(doc, 'add').filter((f) => TYPED.has(f.type) && !f.readonly && !f.virtual);

describe('every document’s form and its server', () => {
  // the generic write routes; a document whose writes a server module declares (declaredWrites:
  // 菜单管理's, on its own contract and messages) is held to that module's tests
  const docs = [...catalog.entities.values()].filter(
    (d) => !d.readOnly && !d.declaredWrites && checkable(d).length,
  );

  it('covers the documents with typed fields', () => {
    expect(docs.length).toBeGreaterThan(10);
  });

  it.each(docs.map((d) => [d.code, d] as const))(
    '%s: the form refuses each value the server refuses, in its words',
    async (_code, doc) => {
      const base = doc.api ?? `/online/cgform/api/crud/${doc.code}`;
      const disagreements: string[] = [];
      for (const f of checkable(doc)) {
        for (const value of probes(f)) {
          const data = { [f.key]: value };
          const form = (
            leftFieldErrors(doc, new Set([f.key]), data) as Record<string, { __errors: string[] }> | undefined
          )?.[f.key]?.__errors[0];
          const { json } = await post(`${base}/add`, data, admin);
          if (json.success) {
            await del(`${base}/delete`, admin, { id: json.result });
            if (form)
              disagreements.push(
                `${f.key}=${JSON.stringify(value)}: the form says ${form}, the server took it`,
              );
            continue;
          }
          const errors = (json.result?.errors ?? []) as { field: string; message: string }[];
          const server = errors.find((e) => e.field === f.key)?.message;
          // a taken value is the server's to know; the form asks it as the user types
          const taken = uniqueRule(f) && (uniqueRule(f)!.message || messages.unique(f.title));
          if (server && server === taken && !form) continue;
          // so is a check rule (编码校验规则): the form asks the server for it as the user types
          if (server && f.checkRule && !form) continue;
          // a sub-table's grid cell says what its form says (grid-model.ts)
          const cell = cellError(f, [{ id: 'r1', ...data }], 0) ?? undefined;
          if (cell !== form)
            disagreements.push(`${f.key}=${JSON.stringify(value).slice(0, 40)}: grid ${cell}, form ${form}`);
          if ((server ?? null) !== (form ?? null))
            disagreements.push(
              `${f.key}=${JSON.stringify(value).slice(0, 40)}: form ${form ?? '(accepts)'}, server ${server ?? json.message}`,
            );
        }
      }
      expect(disagreements).toEqual([]);
    },
  );
});
