/** sel_user's advanced-query value: chosen in the picker */
export { PickerCondition as default } from '../picker-condition';
