import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { loginShell } from './scripts/build/login-shell.ts';
import { paintFirst } from './scripts/build/paint-first.ts';
import { precompress } from './scripts/build/precompress.ts';

export default defineConfig({
  plugins: [react(), paintFirst(), loginShell(), precompress()],
  server: {
    // ws: the header's notice socket lives under the API path too
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 800 },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/setup/global.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
