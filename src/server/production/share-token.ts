import crypto from 'node:crypto';

/**
 * Share-link tokens: 256 random bits, written base64url into the link. Only the SHA-256 of a token
 * is stored, so neither the database nor its backups hold a working link.
 */
export function newShareToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: shareTokenHash(token) };
}

export function shareTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** the shape newShareToken writes; anything else is refused before the database is asked */
export function isShareToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
