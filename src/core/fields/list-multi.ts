import { multiChoiceType } from './families';

/** several values from a multi-select (or a record picker) over the field's dictionary */
export const listMulti = multiChoiceType({ multi: (field) => field.multi ?? true });
