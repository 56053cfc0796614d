/** sel_user's form editor: users, chosen in the picker */
export { PickerWidget as default } from '../../form/widgets/PickerWidget';
