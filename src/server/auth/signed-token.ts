import crypto from 'node:crypto';
import type { Db } from '../db/connect';

/**
 * Tokens "<random id>.<HMAC(secret, id)>" whose store keeps only sha256(id): neither a forged id nor a
 * leaked table yields a working token. Staff and visitor sessions each sign with a secret of their own,
 * so a token of one kind never verifies as the other.
 */
export class TokenSigner {
  constructor(private readonly secret: Buffer) {}

  /** the secret stored under a sys_setting key, created on first use (every instance reads the same) */
  static async load(db: Db, settingKey: string): Promise<TokenSigner> {
    const read = () =>
      db.selectFrom('sys_setting').select('value').where('key', '=', settingKey).executeTakeFirst();
    if (!(await read())) {
      await db
        .insertInto('sys_setting')
        .values({ key: settingKey, value: crypto.randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const row = await read();
    return new TokenSigner(Buffer.from(row!.value as string, 'base64'));
  }

  private sign(id: string): string {
    return crypto.createHmac('sha256', this.secret).update(id).digest('base64url');
  }

  static key(id: string): string {
    return crypto.createHash('sha256').update(id).digest('hex');
  }

  /** a new token and the key to store for it */
  issue(): { token: string; key: string } {
    const id = crypto.randomBytes(24).toString('base64url');
    return { token: `${id}.${this.sign(id)}`, key: TokenSigner.key(id) };
  }

  /** the stored key of a well-formed, correctly signed token; null otherwise */
  keyOf(token: string | undefined): string | null {
    if (!token || token.length > 200) return null;
    const [id, mac] = token.split('.');
    if (!id || !mac) return null;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    return TokenSigner.key(id);
  }
}
