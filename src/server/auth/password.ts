import crypto from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

// crypto.scrypt is looked up at each call (not bound once), so a test can observe that it runs
function scrypt(password: string, salt: Buffer, len: number, opts: crypto.ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt$N$r$p$salt$hash, salt and hash in base64 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 64, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Checked instead when there is no usable stored hash, so every answer costs one hash (the hash of a
 * random password nobody kept; it never grants anything, see verifyPassword)
 */
const DUMMY =
  'scrypt$16384$8$1$ZCEJTXM2h0bLPz31jlHtPA==$tZkv6lbN8YUXVDdsJM9DQ0DEhK5bBN/6xe684ecWXEJrtSaeypPt9BRc5m1lnpFwmmHmE/GhjnqqoioZCg4jOA==';

function parse(stored: string | null | undefined) {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, N, r, p, salt, hash] = parts;
  return { N: Number(N), r: Number(r), p: Number(p), salt, hash };
}

/**
 * Does the password match the stored hash? With none (unknown user, account without a password)
 * a dummy hash is checked and the answer is false: the time taken does not tell them apart.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const own = parse(stored);
  const h = own ?? parse(DUMMY)!;
  const expected = Buffer.from(h.hash, 'base64');
  const actual = await scrypt(password, Buffer.from(h.salt, 'base64'), expected.length, {
    N: h.N,
    r: h.r,
    p: h.p,
    maxmem: PARAMS.maxmem,
  });
  return own !== null && crypto.timingSafeEqual(expected, actual);
}

/** a password printed once on first start: 16 characters without look-alikes */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}
