import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A URL-safe random key of `bytes` bytes (32 bytes = 256 bits). */
export const randomKey = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A numeric code of `digits` digits, uniformly drawn. */
export const randomDigits = (digits = 6): string =>
  Array.from({ length: digits }, () => String(randomInt(10))).join('');

/** The stored form of a secret that only needs comparing (reset keys, one-time codes). */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function equalSecrets(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Encrypts small secrets kept in the database (TOTP seeds) with AES-256-GCM under a key derived from
 * the server secret, so that a database dump alone does not reveal them.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = createHmac('sha256', Buffer.from(serverSecret)).update('panelwright:secret-box:v1').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('sealed value has an unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
