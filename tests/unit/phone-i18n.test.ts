// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/core/constants';
import { loadStoredLocale, t } from '../../src/pages/phone/i18n/i18n';
import { span, when } from '../../src/pages/phone/format';

/** the phone area follows the language stored by the console's switch (src/app/i18n/i18n.ts setLocale) */
describe('the phone area in the stored language', () => {
  afterEach(async () => {
    localStorage.clear();
    await loadStoredLocale();
  });

  it('speaks Chinese by default, with the dates as before', async () => {
    await loadStoredLocale();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(t('phone.resend', { seconds: 42 })).toBe('42 秒后重发');
    expect(when('2027-01-16 10:00:00')).toBe('1月16日 周六 10:00');
    expect(span('2027-01-16 10:00:00', '2027-01-16 12:30:00')).toBe('1月16日 周六 10:00—12:30');
    expect(span('2027-01-16 10:00:00', '2027-01-17 12:30:00')).toBe(
      '1月16日 周六 10:00 至 1月17日 周日 12:30',
    );
  });

  it('speaks English once English was chosen, dates included', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
    await loadStoredLocale();
    expect(document.documentElement.lang).toBe('en-US');
    expect(t('phone.resend', { seconds: 42 })).toBe('Resend in 42 s');
    expect(when('2027-01-16 10:00:00')).toBe('Sat, Jan 16 10:00');
    expect(span('2027-01-16 10:00:00', '2027-01-16 12:30:00')).toBe('Sat, Jan 16 10:00—12:30');
    expect(span('2027-01-16 10:00:00', '2027-01-17 12:30:00')).toBe('Sat, Jan 16 10:00 – Sun, Jan 17 12:30');
    expect(when('')).toBe('');
  });
});
