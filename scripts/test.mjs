// `npm test`: typecheck, lint, build (the end-to-end tests drive the built product), then every
// vitest project: unit, web, integration (embedded database; PostgreSQL too when TEST_DATABASE_URL
// is set) and end-to-end in Chromium. Typecheck runs beside the other steps; its output, like
// lint's and build's, is printed whole when it ends, so that it does not interleave with the others'.
import { spawn } from 'node:child_process';

function run(name, command, args, { quietUntilDone = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quietUntilDone ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    if (!quietUntilDone) process.stdout.write(`\n=== ${name} ===\n`);
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quietUntilDone) process.stdout.write(`\n=== ${name} ===\n${output}`);
      process.stdout.write(
        code === 0 ? `${name} passed in ${seconds} s\n` : `\n${name} failed after ${seconds} s\n`,
      );
      resolve(code ?? 1);
    });
  });
}

async function sequence(steps) {
  for (const step of steps) {
    const code = await run(...step);
    if (code !== 0) return code;
  }
  return 0;
}

const quiet = { quietUntilDone: true };
// The type check needs no build and decides nothing the tests need: it runs beside lint, build and the
// tests, and its verdict is awaited at the end (the machine has two cores; this saves its minute and a
// half of waiting before the first test).
const typecheck = run('typecheck', 'npm', ['run', '--silent', 'typecheck'], quiet);
const built = await sequence([
  ['lint', 'npm', ['run', '--silent', 'lint'], quiet],
  ['build', 'npm', ['run', '--silent', 'build'], quiet],
]);
if (built !== 0) {
  await typecheck;
  process.exit(built);
}

const tests = await run('tests', 'npx', ['vitest', 'run']);
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('\n(TEST_DATABASE_URL is not set: the PostgreSQL integration run was skipped)\n');
}
const typed = await typecheck;
process.exit(typed !== 0 ? typed : tests);
