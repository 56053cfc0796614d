import { choiceType } from './families';

/**
 * One value (or several with `multi`) from the field's dictionary, searched on the server as the
 * user types (loadDict): the dictionary may be far too long to offer whole.
 */
export const selSearch = choiceType({ multi: (field) => field.multi ?? false, optionsOnDemand: true });
