import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../core/locale';

/**
 * The language a request asks for: the console sends its chosen one as Accept-Language
 * (src/app/http/client.ts); another caller's first preference counts when it is a language of the
 * console (by its primary tag: en-GB reads as en-US), else zh-CN.
 */
export function requestLocale(req: FastifyRequest): Locale {
  const first = String(req.headers['accept-language'] ?? '')
    .split(',')[0]
    .split(';')[0]
    .trim()
    .toLowerCase();
  const primary = first.split('-')[0];
  return (
    LOCALES.find((l) => l.toLowerCase() === first) ??
    LOCALES.find((l) => l.startsWith(`${primary}-`)) ??
    DEFAULT_LOCALE
  );
}
