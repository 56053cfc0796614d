import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

/**
 * E2E against the built app and the real server (scripts/e2e.ts starts both and sets E2E_BASE_URL).
 * Debian's Chromium, because Playwright cannot download its own browsers here.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  workers: 1,
  fullyParallel: false,
  // one retry: on two busy cores an antd animation now and then swallows a click; a real defect
  // fails both tries, and the list reporter names every test that needed the second
  retries: 1,
  // the administration flows (a role, its grants, a user, a second browser) take a minute on two busy cores
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
