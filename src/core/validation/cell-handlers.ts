/**
 * The names an editable grid's handler rule may take (rule 3): each is a check the server
 * answers, carried out by the browser's registry (renderers/grid/cell-handlers.ts). A document names
 * one; it never holds code.
 * - duplicate: the value is not taken in the table (the server's duplicate check; the field must be unique)
 * - checkRule: the value passes the field's check rule (编码校验规则, the field's checkRule)
 */
export const CELL_HANDLERS = ['duplicate', 'checkRule'] as const;
export type CellHandler = (typeof CELL_HANDLERS)[number];
