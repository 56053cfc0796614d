import type { Connect, Plugin } from 'vite';
import { PUBLIC_FACE_PATHS } from '../../src/core/public-face.ts';

/**
 * The dev and preview servers answer those paths with phone.html, as the real server does
 * (src/server/app.ts); every other page path keeps getting the console's index.html.
 */
export function publicFace(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url && PUBLIC_FACE_PATHS.test(req.url)) req.url = '/phone.html';
    next();
  };
  return {
    name: 'public-face',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
