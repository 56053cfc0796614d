import type { CellHandler } from '../../src/core/validation/cell-handlers';
import type { FieldDoc } from '../../src/core/document/types';
import { ruleCheck, uniqueCheck } from '../form/field-checks';
import type { FieldCheck } from '../form/use-field-checks';

/**
 * The browser's half of the grid's handler rules (rule 3): each name a document may give
 * (src/core/validation/cell-handlers.ts) as the server check the form already runs. The check gets
 * the row's values and, for a saved row, its id (its own value is not a duplicate of itself).
 */
export const CELL_HANDLER_CHECKS = {
  duplicate: (table, field) => {
    const unique = field.validateRules?.find((r) => r.unique);
    return uniqueCheck(table, field, unique?.scope ?? []);
  },
  checkRule: (_table, field) => ruleCheck(field.checkRule ?? ''),
} satisfies Record<CellHandler, (table: string, field: FieldDoc) => FieldCheck>;

/** the handler rule of a field, if it has one */
export function handlerRule(field: FieldDoc) {
  return field.validateRules?.find((r) => r.handler);
}
