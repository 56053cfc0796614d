/** list_multi's grid cell */
export { MultiOptionCell as default } from '../../grid/choice-cells';
