/** sel_depart's grid cell: the chosen names, the picker behind the button */
export { PickerCell as default } from '../../grid/picker-cells';
