import type { FieldDoc } from '../document/types';
import { messages } from '../validation/presets';
import { defineType } from './families';

/**
 * a switch keeps its customValue pair, else its first option when on and its second when
 * off; by default 'Y' and 'N'
 */
export function switchValues(field: FieldDoc): [on: string, off: string] {
  if (field.customValue) return field.customValue;
  const o = field.options;
  return o && o.length >= 2 ? [o[0].value, o[1].value] : ['Y', 'N'];
}

const YES = '是';
const NO = '否';

/** on or off, shown (and exported, and imported) as 是/否 */
export const switchType = defineType({
  db: { type: 'string', length: 10 },
  picked: true,
  singleChoice: true,
  choices: switchValues,
  initial: (field) => switchValues(field)[1],
  search: ['single'],
  fromJson: (value, field) => (typeof value === 'boolean' ? switchValues(field)[value ? 0 : 1] : value),
  // a list shows any stored value that is not on as 否, as the switch itself does
  display: (value, field) => (String(value) === switchValues(field)[0] ? YES : NO),
  toText: (value, field) => {
    const [on, off] = switchValues(field);
    return value === on ? YES : value === off ? NO : value;
  },
  fromText: (text, field) => {
    const [on, off] = switchValues(field);
    return text === YES ? on : text === NO ? off : text;
  },
  check: (items, field) => (switchValues(field).includes(items[0]) ? null : messages.notYesNo(field.title)),
});
