/** select's form editor: the field's options in a drop-down */
export { DictSelectWidget as default } from '../../form/widgets/DictSelectWidget';
