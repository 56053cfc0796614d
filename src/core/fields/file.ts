import { fileType } from './families';

/** uploaded files, kept as the comma list of their stored paths */
export const file = fileType({ count: 0 });
