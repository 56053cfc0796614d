/** checkbox's form editor: the field's options as check boxes */
export { DictCheckboxWidget as default } from '../../form/widgets/DictCheckboxWidget';
