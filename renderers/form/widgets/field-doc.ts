import type { WidgetProps } from '@rjsf/utils';
import type { FieldDoc } from '../../../src/core/document/types';

/** the document field a widget draws, which toUiSchema puts in ui:options.fieldDoc */
export function fieldDocOf(options: WidgetProps['options']): FieldDoc {
  return options.fieldDoc as unknown as FieldDoc;
}

/** the record an edit or detail form opened with (EntityFormModal's formContext), for its `_dictText` names */
export function formRecord(registry: WidgetProps['registry']): Record<string, unknown> | undefined {
  return (registry.formContext as { record?: Record<string, unknown> } | undefined)?.record;
}

/** sets several of the form's fields at once (EntityFormModal's formContext): a popup's chosen row */
export type FormFill = (values: Record<string, unknown>) => void;

/** the form's fill, where the widget is drawn inside one (not in a list's search form) */
export function formFill(registry: WidgetProps['registry']): FormFill | undefined {
  return (registry.formContext as { fill?: FormFill } | undefined)?.fill;
}
