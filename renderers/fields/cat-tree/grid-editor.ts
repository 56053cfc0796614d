/** cat_tree's grid cell: a node of the category tree */
export { TreeCell as default } from '../../grid/picker-cells';
