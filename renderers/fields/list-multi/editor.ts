/** list_multi's form editor: a drop-down that takes several options */
export { DictSelectWidget as default } from '../../form/widgets/DictSelectWidget';
