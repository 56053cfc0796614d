/** sel_search's grid cell: the dictionary searched on the server as one types */
export { SearchSelectCell as default } from '../../grid/picker-cells';
