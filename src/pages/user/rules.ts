import type { FormRule } from 'antd';
import { PRESETS } from '../../core/validation/presets';

/** Field rules and messages for the login, register and recovery forms (patterns from PRESETS). */

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
const preset = (name: 'mobile' | 'username' | 'email'): FormRule => ({
  pattern: PRESETS[name].test,
  message: PRESETS[name].message,
});

export const SLIDER_MESSAGE = '请拖动滑块完成验证';

export const loginRules = {
  username: [required('请输入用户名')],
  // a password may legitimately be spaces; only emptiness is refused
  password: [{ required: true, message: '请输入密码' }] as FormRule[],
  slider: [
    {
      validator: (_: unknown, passed: unknown) =>
        passed === true ? Promise.resolve() : Promise.reject(new Error(SLIDER_MESSAGE)),
    },
  ] as FormRule[],
};

export const mobileRules: FormRule[] = [required('请输入手机号'), preset('mobile')];
export const smsCodeRules: FormRule[] = [required('请输入验证码')];

/**
 * Spec 5.3: the length pattern is 4 to 18 while the message says 6 to 18; the server accepts 4–18,
 * so the form does too and keeps the contract's message.
 */
export const registerUsernameRules: FormRule[] = [
  required('请输入用户名'),
  preset('username'),
  { min: 4, max: 18, message: '长度6到18个字符' },
];

export const emailRules: FormRule[] = [preset('email')];
