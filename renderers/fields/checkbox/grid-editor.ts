/** checkbox's grid cell */
export { CheckboxCell as default } from '../../grid/choice-cells';
