import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** the inline scripts of a built page (the build writes them: scripts/build/login-shell.ts, paint-first.ts) */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of every answer. Scripts only from this origin and the built pages'
 * own inline scripts, by hash (so an injected script never runs); styles inline too, as antd writes
 * its CSS-in-JS into <style> elements and components set style attributes. Images and frames may
 * come from elsewhere: the platform logo and visitors' avatars are outside addresses
 * (src/server/public/routes.ts), and a menu's IframePageView shows an outside page
 * (src/app/router/components.tsx). Connections stay on this origin ('self' covers its ws: sockets).
 */
export function contentSecurityPolicy(webDir: string | undefined): string {
  const hashes = ['index.html', 'phone.html'].flatMap((page) => {
    const file = webDir ? path.join(webDir, page) : '';
    return file && fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [];
  });
  return [
    "default-src 'self'",
    ["script-src 'self'", ...new Set(hashes)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * One onSend hook puts the browser protections on every answer: pages, assets, API answers and
 * refusals. An answer that set its own policy keeps it (a stored upload is sandboxed:
 * src/server/files/upload.ts), and so does one that chose its caching; an answer made for a
 * session (staff or visitor) is otherwise never stored by a browser or proxy.
 */
export function securityHeaders(webDir: string | undefined) {
  const csp = contentSecurityPolicy(webDir);
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if ((req.user || req.visitor) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  };
}
