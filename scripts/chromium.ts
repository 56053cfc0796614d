/**
 * Debian's Chromium for the browser runs (e2e, bench:web): Playwright cannot download its own
 * browsers in this environment (no download access). The flags keep it from calling home.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
