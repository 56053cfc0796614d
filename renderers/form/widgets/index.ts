import type { RegistryWidgetsType } from '@rjsf/utils';
import { DateWidget } from './DateWidget';
import { DictCheckboxWidget } from './DictCheckboxWidget';
import { DictRadioWidget } from './DictRadioWidget';
import { DictSelectWidget } from './DictSelectWidget';
import { DisplayWidget } from './DisplayWidget';
import { ImageWidget } from './ImageWidget';
import { PickerWidget } from './PickerWidget';
import { SwitchWidget } from './SwitchWidget';
import { TreeSelectWidget } from './TreeSelectWidget';

/** the widgets schema.ts names in ui:widget, beside rjsf's own (text, textarea, password, hidden) */
export const widgets: RegistryWidgetsType = {
  JDictSelect: DictSelectWidget,
  JDictMultiSelect: DictSelectWidget,
  JDictRadio: DictRadioWidget,
  JDictCheckbox: DictCheckboxWidget,
  JSwitch: SwitchWidget,
  JDate: DateWidget,
  JTreeSelect: TreeSelectWidget,
  JPicker: PickerWidget,
  JImage: ImageWidget,
  JDisplay: DisplayWidget,
};
