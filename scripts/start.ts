/**
 * npm start — builds the web app when its sources changed (scripts/build/fresh-build.ts), then starts
 * the server (src/server/main.ts), whose banner says how long the start took.
 */
import { buildIfStale } from './build/fresh-build';

const { ok, built } = buildIfStale();
if (!ok) process.exit(1);
process.env.START_BUILT = built ? '1' : '';
await import('../src/server/main.ts');
