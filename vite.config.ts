import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildGraph } from './scripts/build/build-graph.ts';
import { loginShell } from './scripts/build/login-shell.ts';
import { paintFirst } from './scripts/build/paint-first.ts';
import { precompress } from './scripts/build/precompress.ts';
import { publicFace } from './scripts/build/public-face.ts';

export default defineConfig({
  plugins: [react(), paintFirst(), loginShell(), precompress(), publicFace(), buildGraph()],
  server: {
    // ws: the header's notice socket lives under the API path too
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 800,
    // the console, and the public face (the phone area and /shouye) as a page of its own that
    // shares none of the console's script
    rolldownOptions: { input: { main: 'index.html', phone: 'phone.html' } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // antd under jsdom renders slowly on two busy cores: a drawer's first paint can take seconds
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // PostgreSQL-only behaviour (statement timeouts) is tested in the PostgreSQL pass of CI
          exclude: process.env.DATABASE_URL ? [] : ['tests/api/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/setup/global.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
