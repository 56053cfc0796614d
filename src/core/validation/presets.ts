/**
 * Validation presets: the named patterns of editable-table cells and of the login and
 * registration fields. One definition used by the form, the grid, the importer and the server.
 */
import { t, type VALIDATION_WORDS } from './messages';
import { STRONG_PASSWORD } from './password';

export interface Preset {
  test: RegExp;
  message: string;
}

/** each preset's test; its message is its name's word in messages.ts */
const TESTS = {
  'n6-16': /^\d{6,16}$/,
  '*6-16': /^[\s\S]{6,16}$/,
  's6-18': /^[a-zA-Z]{6,18}$/,
  url: /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i,
  e: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  m: /^1[3-9]\d{9}$/,
  p: /^[1-9]\d{5}$/,
  s: /^[a-zA-Z]+$/,
  n: /^[-+]?\d+(\.\d+)?$/,
  z: /^[-+]?\d+$/,
  money: /^(0|[1-9]\d*)(\.\d{1,2})?$/,
  //
  mobile: /^1[34578]\d{9}$/,
  username: /^[a-zA-Z0-9_]+$/,
  email: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  natural: /^(0|[1-9]\d*)$/,
  english: /^[a-zA-Z]+$/,
  landline: /^(0\d{2,3}-?)?\d{7,8}$/,
  bankcard: /^[1-9]\d{9,19}$/,
  idno: /^[a-zA-Z0-9]{1,50}$/,
  idcard: /^(\d{15}|\d{17}[\dXx])$/,
  qq: /^[1-9]\d{4,11}$/,
  httpurl: /^https?:\/\/\S+$/,
  alnum20: /^[a-zA-Z0-9]{1,20}$/,
  cnen100: /^[\u4e00-\u9fa5a-zA-Z ]{2,100}$/,
  digitlines: /^[\d\r\n]+$/,
  max255: /^[\s\S]{0,255}$/,
  // the strength every sign-in password needs: a password field declares it, so its form says so
  password: STRONG_PASSWORD,
} satisfies Partial<Record<keyof typeof VALIDATION_WORDS, RegExp>>;

type PresetName = keyof typeof TESTS;

/** the presets by name; a preset's message is read when asked, so it speaks the language shown then */
export const PRESETS: Record<string, Preset> = Object.fromEntries(
  (Object.keys(TESTS) as PresetName[]).map((name) => [
    name,
    {
      test: TESTS[name],
      get message() {
        return t(name);
      },
    },
  ]),
);

/** '*' is the non-empty preset; it makes a field required */
export const REQUIRED_PRESET = '*';

/** the validation messages with their values (messages.ts), as the form, the grid and the server say them */
export const messages = {
  required: (title: string) => t('required', { title }),
  requiredSelect: (title: string) => t('requiredSelect', { title }),
  minLength: (n: number) => t('minLength', { n }),
  maxLength: (n: number) => t('maxLength', { n }),
  minItems: (n: number) => t('minItems', { n }),
  maxItems: (n: number) => t('maxItems', { n }),
  unique: (title: string) => t('unique', { title }),
  invalidPattern: (title: string) => t('invalidPattern', { title }),
  differs: (title: string) => t('differs', { title }),
  notNumber: (title: string) => t('notNumber', { title }),
  notInteger: (title: string) => t('notInteger', { title }),
  outOfRange: (title: string) => t('outOfRange', { title }),
  tooManyDigits: (title: string, n: number) => t('tooManyDigits', { title, n }),
  /** a date, date-time or time that is not one, with the format the field takes */
  badFormat: (title: string, format: string) => t('badFormat', { title, format }),
  tooLong: (title: string, n: number) => t('tooLong', { title, n }),
  notOption: (title: string) => t('notOption', { title }),
  notYesNo: (title: string) => t('notYesNo', { title }),
  notUploaded: (title: string) => t('notUploaded', { title }),
  notImage: (title: string) => t('notImage', { title }),
  tooManyFiles: (title: string, max: number) => t('tooManyFiles', { title, max }),
  notJson: (title: string, where: string) => t('notJson', { title, where }),
  belowMin: (title: string, min: number) => t('belowMin', { title, min }),
  aboveMax: (title: string, max: number) => t('aboveMax', { title, max }),
};

const regexCache = new Map<string, RegExp | null>();

/** a preset by name, or a custom regular expression compiled once (null when the source does not compile) */
export function resolvePattern(pattern: string): Preset | null {
  const preset = PRESETS[pattern];
  if (preset) return preset;
  if (!regexCache.has(pattern)) {
    try {
      regexCache.set(pattern, new RegExp(pattern));
    } catch {
      regexCache.set(pattern, null);
    }
  }
  const re = regexCache.get(pattern);
  return re ? { test: re, message: '' } : null;
}
