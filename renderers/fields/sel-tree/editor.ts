/** sel_tree's form editor: a node of a dictionary tree */
export { TreeSelectWidget as default } from '../../form/widgets/TreeSelectWidget';
