/** radio's form editor: the field's options as radio buttons */
export { DictRadioWidget as default } from '../../form/widgets/DictRadioWidget';
