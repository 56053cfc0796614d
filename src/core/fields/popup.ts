import { textType } from './families';
import { popupPairs } from './popup-fill';

/**
 * A value chosen in a popup selector over an online report or an entity list
 * (popupCode/orgFields/destFields): choosing a row fills every target field with its source column
 * at once, this field among them. Several rows (popupMulti) fill comma lists. Searched as text.
 */
export const popup = textType(
  { type: 'string', length: 500 },
  {
    picked: true,
    multi: (field) => field.popupMulti === true,
    fillsFromPopup: true,
    checkField: (field) => {
      const read = popupPairs(field);
      return 'problem' in read ? read.problem : null;
    },
  },
);
