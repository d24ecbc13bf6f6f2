// `npm test`: typecheck, lint, build (the end-to-end tests drive the built product), then every
// vitest project: unit, web, integration (embedded database; PostgreSQL too when TEST_DATABASE_URL
// is set) and end-to-end in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['tests', 'npx', ['vitest', 'run']],
];

for (const [name, command, args] of steps) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed after ${seconds} s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${name} passed in ${seconds} s\n`);
}
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('\n(TEST_DATABASE_URL is not set: the PostgreSQL integration run was skipped)\n');
}
