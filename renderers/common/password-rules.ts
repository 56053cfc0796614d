import type { FormRule } from 'antd';
import { isStrongPassword, passwordStrengthMessage } from '../../src/core/validation/password';
import { t } from './messages';

/** a new password: required, and as strong as the server demands, so the user learns it before submitting */
export const newPasswordRules = (emptyMessage = t('enterPassword')): FormRule[] => [
  { required: true, message: emptyMessage },
  {
    validator: (_: unknown, v: unknown) =>
      typeof v !== 'string' || v === '' || isStrongPassword(v)
        ? Promise.resolve()
        : Promise.reject(new Error(passwordStrengthMessage())),
  },
];

/** the repeated password: required and equal to the field `passwordField` */
export const confirmPasswordRules = (
  passwordField: string,
  emptyMessage = t('enterPasswordAgain'),
  /** the register and recovery pages' mismatch message */
  mismatchMessage = t('passwordMismatch'),
): FormRule[] => [
  { required: true, message: emptyMessage },
  ({ getFieldValue }) => ({
    validator: (_: unknown, v: unknown) =>
      !v || v === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(mismatchMessage)),
  }),
];
