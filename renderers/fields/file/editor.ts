/** file and upload's form editor: the files as a list, added through the file pop-up */
export { FileListEditor as default } from '../FileListEditor';
