import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FieldDoc } from '../../../src/core/document/types';
import { fieldEditors } from '../../fields/parts';
import { DisplayWidget } from './DisplayWidget';
import { PickerWidget } from './PickerWidget';

/**
 * The widgets schema.ts names in ui:widget, beside rjsf's own (text, textarea, password, hidden):
 * the editor of each of the fields' types (renderers/fields, loaded first: loadFormParts), in a
 * detail its display where it has one, a record picker whatever the type, a detail's text.
 */
export function formWidgets(fields: readonly Pick<FieldDoc, 'type'>[], detail = false): RegistryWidgetsType {
  return { ...fieldEditors(fields, detail), JPicker: PickerWidget, JDisplay: DisplayWidget };
}
