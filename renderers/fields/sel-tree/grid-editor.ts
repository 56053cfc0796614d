/** sel_tree's grid cell */
export { TreeCell as default } from '../../grid/picker-cells';
