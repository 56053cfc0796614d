import type { FieldDoc } from '../document/types';
import { messages } from '../validation/presets';
import { defineType } from './families';

/** the languages a code field may be written in (its props.language; the editor highlights them) */
export const CODE_LANGUAGES = ['sql', 'json'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** where JSON.parse stopped, as 第 n 行第 m 列 (engines say "at position n"; some say nothing) */
function wherePosition(text: string, error: unknown): string {
  const at = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (!at) return '';
  const before = text.slice(0, Number(at[1])).split('\n');
  return `（第 ${before.length} 行第 ${before[before.length - 1].length + 1} 列附近）`;
}

/** the message for text that is not JSON, or null when it is */
function jsonProblem(text: string, field: FieldDoc): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return messages.notJson(field.title, wherePosition(text, e));
  }
}

/**
 * Source code (SQL, JSON) edited in a code editor in the language of the field's props. Kept as
 * written and not searched; a JSON field holds only well-formed JSON.
 */
export const code = defineType({
  db: { type: 'text' },
  search: [],
  check: ([text], field) => (field.props?.language === 'json' ? jsonProblem(text, field) : null),
});
