import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The JWT signing secret: the configured one, else one generated on first start and kept in the
 * data folder (readable by the owner only) so that tokens survive restarts.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'jwt-secret');
  if (!existsSync(path)) {
    writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
}
