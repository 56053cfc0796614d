import { FileCell, FileGridCell, FilesEditor } from './files-lazy';
import type { FieldRenderer } from './types';

/** uploaded files: a list of download links, added through the file pop-up, capped by uploadnum */
export const file: FieldRenderer = { editor: FilesEditor, cell: FileCell, gridEditor: FileGridCell };
