import { choiceType } from './families';

/** one value from radio buttons of the field's dictionary */
export const radio = choiceType();
