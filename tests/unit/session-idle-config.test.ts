import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

/**
 * SESSION_IDLE_MINUTES: the open sockets' sessions are checked at most that often
 * (src/server/socket/session-sockets.ts), so a value that is not a positive number must not reach it.
 */
describe('SESSION_IDLE_MINUTES', () => {
  it('takes a positive number, fractions included, and falls back to 60 otherwise', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0.5' }).sessionIdleMinutes).toBe(0.5);
    for (const bad of ['0', '-5', 'abc', ''])
      expect(loadConfig({ SESSION_IDLE_MINUTES: bad }).sessionIdleMinutes).toBe(60);
    expect(loadConfig({}).sessionIdleMinutes).toBe(60);
  });
});
