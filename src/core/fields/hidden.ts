import { defineType } from './families';

/** a value the system keeps on the record without showing it (flags, codes) */
export const hidden = defineType({ db: { type: 'string' }, shown: false });
