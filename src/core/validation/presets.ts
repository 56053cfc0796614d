/**
 * Validation presets: the named patterns of editable-table cells and of the login and
 * registration fields. One definition used by the form, the grid, the importer and the server.
 */
import { PASSWORD_STRENGTH_MESSAGE, STRONG_PASSWORD } from './password';

export interface Preset {
  test: RegExp;
  message: string;
}

export const PRESETS: Record<string, Preset> = {
  //
  'n6-16': { test: /^\d{6,16}$/, message: '请输入6-16位数字' },
  '*6-16': { test: /^[\s\S]{6,16}$/, message: '请输入6-16位任意字符' },
  's6-18': { test: /^[a-zA-Z]{6,18}$/, message: '请输入6-18位字母' },
  url: { test: /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i, message: '请输入正确的网址' },
  e: { test: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, message: '请输入正确的电子邮件' },
  m: { test: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  p: { test: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  s: { test: /^[a-zA-Z]+$/, message: '请输入字母' },
  n: { test: /^[-+]?\d+(\.\d+)?$/, message: '请输入数字' },
  z: { test: /^[-+]?\d+$/, message: '请输入整数' },
  money: { test: /^(0|[1-9]\d*)(\.\d{1,2})?$/, message: '请输入正确的金额' },
  //
  mobile: { test: /^1[34578]\d{9}$/, message: '请输入正确手机号' },
  username: { test: /^[a-zA-Z0-9_]+$/, message: '只允许字母、数字、下划线' },
  email: { test: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, message: '邮箱格式不正确' },
  natural: { test: /^(0|[1-9]\d*)$/, message: '请输入自然数' },
  english: { test: /^[a-zA-Z]+$/, message: '请输入英文字符' },
  landline: { test: /^(0\d{2,3}-?)?\d{7,8}$/, message: '请输入正确的座机号' },
  bankcard: { test: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' },
  idno: { test: /^[a-zA-Z0-9]{1,50}$/, message: '请输入正确的证件号码' },
  idcard: { test: /^(\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码' },
  qq: { test: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  httpurl: { test: /^https?:\/\/\S+$/, message: '请输入以http和https开头的网址' },
  alnum20: { test: /^[a-zA-Z0-9]{1,20}$/, message: '请输入20位以内的英文字符和数字' },
  cnen100: { test: /^[\u4e00-\u9fa5a-zA-Z ]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  digitlines: { test: /^[\d\r\n]+$/, message: '请输入数字和换行符' },
  max255: { test: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
  // the strength every sign-in password needs: a password field declares it, so its form says so
  password: { test: STRONG_PASSWORD, message: PASSWORD_STRENGTH_MESSAGE },
};

/** '*' is the non-empty preset; it makes a field required */
export const REQUIRED_PRESET = '*';

export const messages = {
  required: (title: string) => `请输入${title}!`,
  requiredSelect: (title: string) => `请选择${title}!`,
  minLength: (n: number) => `最小长度${n}位字符`,
  maxLength: (n: number) => `最大长度${n}位字符`,
  minItems: (n: number) => `最少选择${n}项`,
  maxItems: (n: number) => `最多选择${n}项`,
  unique: (title: string) => `${title}已存在`,
  invalidPattern: (title: string) => `${title}格式不正确`,
  differs: (title: string) => `${title}与前一项不一致`,
  notNumber: (title: string) => `${title}必须是数字`,
  notInteger: (title: string) => `${title}必须是整数`,
  outOfRange: (title: string) => `${title}超出可保存的范围`,
  tooManyDigits: (title: string, n: number) => `${title}的整数部分最多${n}位`,
  /** a date, date-time or time that is not one, with the format the field takes */
  badFormat: (title: string, format: string) => `${title}格式不正确（${format}）`,
  tooLong: (title: string, n: number) => `${title}长度不能超过${n}个字符`,
  notOption: (title: string) => `${title}的值不在可选范围内`,
  notYesNo: (title: string) => `${title}只能是是或否`,
  notUploaded: (title: string) => `${title}须为本系统上传的文件`,
  notImage: (title: string) => `${title}须为本系统上传的图片或 http(s) 网址`,
  tooManyFiles: (title: string, max: number) => `${title}最多${max}个文件`,
  notJson: (title: string, where: string) => `${title}不是合法的 JSON${where}`,
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
