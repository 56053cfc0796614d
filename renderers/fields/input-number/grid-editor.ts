/** inputNumber's grid cell: a box that takes only number keystrokes */
export { NumberCell as default } from '../../grid/cells';
