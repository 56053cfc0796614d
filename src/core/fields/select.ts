import { choiceType } from './families';

/** one value from a drop-down of the field's dictionary */
export const select = choiceType();
