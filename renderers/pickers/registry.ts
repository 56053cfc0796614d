import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';
import { partsOf } from '../fields/parts';
import type { PickerName } from '../fields/types';
import { departNames } from './depart-api';
import type { PickerModalProps } from './picked';
import { popupNames } from './popup-api';
import { userNames } from './user-api';

/**
 * the picker a field is chosen with: its type's (sel_depart, sel_user), else the one its popupCode
 * names (a popup field opens its own selector instead)
 */
export function pickerOf(field: FieldDoc): PickerName | null {
  return partsOf(field).picker ?? (field.popupCode && !fieldType(field).fillsFromPopup ? 'popup' : null);
}

interface Picker {
  /** loads with the first opening: the form does not carry every picker's table and tree */
  Modal: LazyExoticComponent<ComponentType<PickerModalProps>>;
  /** the names of stored values that neither the record nor the field's options name */
  names: (field: FieldDoc, values: string[]) => Promise<Map<string, string>>;
}

/** every picker, once: a new one is a modal file and one line here */
export const PICKERS: Record<PickerName, Picker> = {
  depart: { Modal: lazy(() => import('./DepartPickerModal')), names: (_f, ids) => departNames(ids) },
  user: { Modal: lazy(() => import('./UserPickerModal')), names: (_f, ids) => userNames(ids) },
  popup: { Modal: lazy(() => import('./RecordPickerModal')), names: popupNames },
};
