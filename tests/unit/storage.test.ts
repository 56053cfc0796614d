// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/app/storage';
import { STORAGE_KEYS, STORAGE_TTL_MS } from '../../src/core/constants';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('storage with expiry', () => {
  it('keeps session data 7 days (604800000 ms), then drops it', () => {
    expect(STORAGE_TTL_MS).toBe(604_800_000);
    storage.set(STORAGE_KEYS.accessToken, 'token-1');
    vi.advanceTimersByTime(STORAGE_TTL_MS - 1);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('token-1');
    vi.advanceTimersByTime(2);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeUndefined();
    // an expired entry is removed, not only hidden
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('settings are kept without expiry', () => {
    storage.set(STORAGE_KEYS.color, '#f5222d', null);
    vi.advanceTimersByTime(STORAGE_TTL_MS * 10);
    expect(storage.get(STORAGE_KEYS.color)).toBe('#f5222d');
  });

  it('reads objects back and ignores what it did not write', () => {
    storage.set(STORAGE_KEYS.userInfo, { username: 'admin', realname: '管理员' });
    expect(storage.get(STORAGE_KEYS.userInfo)).toEqual({ username: 'admin', realname: '管理员' });
    localStorage.setItem('broken', '{not json');
    localStorage.setItem('plain', '"just a string"');
    expect(storage.get('broken')).toBeUndefined();
    expect(storage.get('plain')).toBeUndefined();
  });
});
