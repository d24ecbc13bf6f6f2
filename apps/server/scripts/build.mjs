// Bundles the server into dist/main.js, and the administrators' commands into dist/admin.js and dist/config.js. Workspace packages (the contract) are bundled in, since they
// ship TypeScript sources; everything from the registry stays an import of node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@panelwright/'));

await build({
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts', config: 'src/cli/config.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
