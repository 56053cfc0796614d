import { defineType } from './families';

/** a secret: written, never shown, listed, exported or searched */
export const password = defineType({ db: { type: 'string' }, search: [], shown: false });
