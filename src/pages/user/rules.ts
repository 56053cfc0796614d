import type { FormRule } from 'antd';
import { PRESETS } from '../../core/validation/presets';
import { t } from '../../app/i18n/i18n';

/**
 * Field rules and messages for the login, register and recovery forms (patterns from PRESETS).
 * Functions, not constants: the messages are read in the language shown when the form renders.
 */

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
const preset = (name: 'mobile' | 'username' | 'email'): FormRule => ({
  pattern: PRESETS[name].test,
  message: PRESETS[name].message,
});

export const loginRules = () => ({
  username: [required(t('user.usernameEnter'))],
  // a password may legitimately be spaces; only emptiness is refused
  password: [{ required: true, message: t('user.passwordEnter') }] as FormRule[],
  slider: [
    {
      validator: (_: unknown, passed: unknown) =>
        passed === true ? Promise.resolve() : Promise.reject(new Error(t('user.sliderRequired'))),
    },
  ] as FormRule[],
});

export const mobileRules = (): FormRule[] => [required(t('user.mobileEnter')), preset('mobile')];
export const smsCodeRules = (): FormRule[] => [required(t('user.codeEnter'))];

/**
 * Spec 5.3: the length pattern is 4 to 18 while the message says 6 to 18; the server accepts 4–18,
 * so the form does too and keeps the contract's message.
 */
export const registerUsernameRules = (): FormRule[] => [
  required(t('user.usernameEnter')),
  preset('username'),
  { min: 4, max: 18, message: t('register.usernameLength') },
];

export const emailRules = (): FormRule[] => [preset('email')];
