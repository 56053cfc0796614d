// The worker's entry: workers start without the parent's loaders, so TypeScript support is
// registered here, in every setting alike (tsx in dev and npm start, vitest, the bench).
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
