import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedEmbeddedImage } from '../db/client';
import { EMBEDDED_IMAGE_ENV } from './database';

/**
 * Runs once before the integration suite: makes the migrated embedded database every test file starts
 * from, so that no file pays for creating and migrating a cluster of its own.
 */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'pw-test-image-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedEmbeddedImage()).arrayBuffer()));
  process.env[EMBEDDED_IMAGE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
