import { fileType } from './families';

/** uploaded files (the editable table's name for a file cell) */
export const upload = fileType({ count: 0 });
