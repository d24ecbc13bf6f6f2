import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this module whether it runs from src/ or from the dist bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The server package folder could not be found');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'src', 'db', 'migrations');
export const WEB_DIST_DIR = join(SERVER_ROOT, '..', 'web', 'dist');
