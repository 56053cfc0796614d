/** switch's grid cell */
export { SwitchCell as default } from '../../grid/choice-cells';
