import { multiChoiceType } from './families';

/** several values from checkboxes of the field's dictionary */
export const checkbox = multiChoiceType();
