import { choiceType } from './families';

/** one value (or several with `multi`) from a searchable drop-down of the field's dictionary */
export const selSearch = choiceType({ multi: (field) => field.multi ?? false });
