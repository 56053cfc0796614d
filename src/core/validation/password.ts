/** Password rules shared by the server's checks and the browser's forms. */

/** the server refuses weaker passwords with this message; the forms say it before submitting */
export const PASSWORD_STRENGTH_MESSAGE = '密码至少8位，且须同时包含字母和数字';

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
