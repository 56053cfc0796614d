import { FileCell, FileGridCell, FilesEditor } from './files-lazy';
import type { FieldRenderer } from './types';

/** uploaded files (the editable table's name for a file cell): as file */
export const upload: FieldRenderer = { editor: FilesEditor, cell: FileCell, gridEditor: FileGridCell };
