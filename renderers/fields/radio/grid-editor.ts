/** radio's grid cell: a drop-down of the options */
export { OptionCell as default } from '../../grid/cells';
