import type { RegistryWidgetsType } from '@rjsf/utils';
import { fieldEditors } from '../../fields/registry';
import { DisplayWidget } from './DisplayWidget';
import { PickerWidget } from './PickerWidget';

/**
 * The widgets schema.ts names in ui:widget, beside rjsf's own (text, textarea, password, hidden):
 * each field type's editor (renderers/fields), a record picker whatever the type, a detail's text.
 */
export const widgets: RegistryWidgetsType = {
  ...fieldEditors,
  JPicker: PickerWidget,
  JDisplay: DisplayWidget,
};
