/** Password rules shared by the server's checks and the browser's forms. */

import { t } from './messages';

/** the server refuses weaker passwords with this message; the forms say it before submitting */
export const passwordStrengthMessage = () => t('password');

/** 8 to 64 characters with at least one letter and one digit (also the `password` preset of presets.ts) */
export const STRONG_PASSWORD = /^(?=[\s\S]*[a-zA-Z])(?=[\s\S]*\d)[\s\S]{8,64}$/;

export function isStrongPassword(password: string): boolean {
  return STRONG_PASSWORD.test(password);
}

/** (change password) messages, verbatim */
export const PASSWORD_MESSAGES = {
  old: 'please enter old password!',
  new: 'please enter new password!',
  confirm: 'please confirm new password!',
  differ: 'the two passwords entered differ!',
  noUser: 'no logged-in user in the system',
} as const;
