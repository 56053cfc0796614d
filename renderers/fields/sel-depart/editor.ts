/** sel_depart's form editor: departments, chosen in the picker */
export { PickerWidget as default } from '../../form/widgets/PickerWidget';
