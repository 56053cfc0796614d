import { choiceType } from './families';

/** one node of a tree dictionary (its options come as a tree, not as a flat enum) */
export const selTree = choiceType({ singleChoice: false });
