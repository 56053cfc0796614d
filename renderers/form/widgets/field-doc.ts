import type { WidgetProps } from '@rjsf/utils';
import type { FieldDoc } from '../../../src/core/document/types';

/** the document field a widget draws, which toUiSchema puts in ui:options.fieldDoc */
export function fieldDocOf(options: WidgetProps['options']): FieldDoc {
  return options.fieldDoc as unknown as FieldDoc;
}
