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
