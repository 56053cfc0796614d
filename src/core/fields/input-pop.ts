import { textType } from './families';

/** longer text typed in place or in a larger editor that pops up (column type input_pop) */
export const inputPop = textType({ type: 'text' });
