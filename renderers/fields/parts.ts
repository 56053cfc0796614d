import type { ComponentType } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { loadParts, partComponent, usePartsLoaded, type PartLoader } from '../common/lazy-parts';
import { FIELD_PARTS } from './registry';
import type { BuiltinEditor, FieldPartName, FieldParts } from './types';

type Field = Pick<FieldDoc, 'type'>;

/** the component each part is */
type PartOf<K extends FieldPartName> =
  Exclude<FieldParts[K], BuiltinEditor> extends PartLoader<infer C> | undefined ? C : never;

/** a field type's registered parts (its loaders, and its data: gridWidth, picker) */
export function partsOf(field: Field): FieldParts {
  return (FIELD_PARTS as Record<string, FieldParts>)[field.type] ?? {};
}

/** what a list draws with: its columns' cells */
export const LIST_PARTS: FieldPartName[] = ['cell'];
/** what a search form draws with */
export const SEARCH_PARTS: FieldPartName[] = ['search', 'rangeSearch'];
/** what an editable grid draws with: its cells' editors, and the list cells it shows at rest */
export const GRID_PARTS: FieldPartName[] = ['gridEditor', 'cell'];
/** what a form draws with (a detail: formPart) */
export const FORM_PARTS: FieldPartName[] = ['editor'];
/** what the advanced query draws a condition's value with */
export const CONDITION_PARTS: FieldPartName[] = ['condition', 'search'];

function loaderOf(field: Field, name: FieldPartName): PartLoader | undefined {
  const part = partsOf(field)[name];
  return typeof part === 'function' ? (part as PartLoader) : undefined;
}

function loadersOf(fields: readonly Field[], names: readonly FieldPartName[]): PartLoader[] {
  const all = fields.flatMap((f) => names.map((n) => loaderOf(f, n)));
  return [...new Set(all.filter((l): l is PartLoader => l !== undefined))];
}

/** loads the named parts of the fields' types */
export function loadFieldParts(fields: readonly Field[], names: readonly FieldPartName[]): Promise<void> {
  return loadParts(loadersOf(fields, names));
}

/** whether the named parts of the fields' types have loaded (they start loading at once) */
export function useFieldParts(fields: readonly Field[], names: readonly FieldPartName[]): boolean {
  return usePartsLoaded(loadersOf(fields, names));
}

/**
 * The component of a field's part, or undefined when its type has none. The screen has loaded it
 * (useFieldParts); one it has not loads under the nearest Suspense boundary.
 */
export function fieldPart<K extends FieldPartName>(field: Field, name: K): PartOf<K> | undefined {
  const load = loaderOf(field, name);
  return load && (partComponent(load as PartLoader<ComponentType<never>>) as PartOf<K>);
}

/** the part a form draws a field with: a detail its type's display where it has one, else the editor (read-only) */
export function formPart(field: Field, detail = false): 'editor' | 'display' {
  return detail && partsOf(field).display ? 'display' : 'editor';
}

/** the parts a form draws its fields with: FORM_PARTS, a detail's displays instead where types have them */
function formLoaders(fields: readonly Field[], detail: boolean): PartLoader[] {
  return [...new Set(fields.map((f) => loaderOf(f, formPart(f, detail))))].filter(
    (l): l is PartLoader => l !== undefined,
  );
}

/** loads the parts a form (a detail) draws the fields with */
export function loadFormParts(fields: readonly Field[], detail = false): Promise<void> {
  return loadParts(formLoaders(fields, detail));
}

/** whether the parts a form (a detail) draws the fields with have loaded (they start loading at once) */
export function useFormParts(fields: readonly Field[], detail = false): boolean {
  return usePartsLoaded(formLoaders(fields, detail));
}

/** widget names: an editor's `field:<type>`, a display's `display:<type>` */
const WIDGET_PREFIX = { editor: 'field', display: 'display' } as const;

/** the rjsf widget name a field's type is drawn with in a form (a detail): rjsf's own for a builtin, else one per type and part */
export function editorName(field: Field, detail = false): string | undefined {
  const name = formPart(field, detail);
  const part = partsOf(field)[name];
  if (!part) return undefined;
  return typeof part === 'string' ? part : `${WIDGET_PREFIX[name]}:${field.type}`;
}

/** the widgets of the fields' types under the names editorName gives (loaded first: loadFormParts) */
export function fieldEditors(fields: readonly Field[], detail = false): Record<string, PartOf<'editor'>> {
  return Object.fromEntries(
    fields.flatMap((f) => {
      const name = formPart(f, detail);
      const widget = typeof partsOf(f)[name] === 'function' ? fieldPart(f, name) : undefined;
      return widget ? [[`${WIDGET_PREFIX[name]}:${f.type}`, widget]] : [];
    }),
  );
}
