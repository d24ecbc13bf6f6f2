// Issue 14, item 17, the full run: FUZZ_RUNS (1,000) generated bodies for every action, on the
// embedded database and, with TEST_DATABASE_URL, on PostgreSQL. `npm test` runs 100 on the embedded one.
import { fuzzActions } from '../../apps/server/src/testing/fuzz';
import { startTestServer } from '../../apps/server/src/testing/harness';
import { section } from './support';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

async function fuzzOn(database: 'embedded' | 'postgres'): Promise<void> {
  process.env.PW_TEST_DB = database;
  const server = await startTestServer({
    demoProducts: 30,
    workspaceScreens: true,
    env: { LOG_LEVEL: 'silent' },
  });
  try {
    const started = Date.now();
    const { findings, figures } = await fuzzActions(server, {
      runs: RUNS,
      seed: Number(process.env.FUZZ_SEED ?? Date.now()),
    });
    const cases = figures.reduce((sum, figure) => sum + figure.cases, 0);
    const statuses: Record<string, number> = {};
    for (const figure of figures) {
      for (const [status, count] of Object.entries(figure.statuses))
        statuses[status] = (statuses[status] ?? 0) + count;
    }
    console.log(
      `   ${database}: ${figures.length} actions × ${RUNS} bodies = ${cases} calls in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(
      `   statuses: ${Object.entries(statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}`,
    );
    console.log(
      `   findings (a status outside the contract, or a refused call that changed data): ${findings.length}`,
    );
    for (const finding of findings.slice(0, 20))
      console.log(
        `     ${finding.action} ${finding.status}${finding.changed ? ' changed data' : ''}: ${finding.body}`,
      );
    if (findings.length > 0) throw new Error(`${findings.length} findings`);
  } finally {
    await server.close();
  }
}

export async function fuzzSuite(): Promise<boolean> {
  let ok = await section(`Fuzz: ${RUNS} bodies per action, embedded database`, () => fuzzOn('embedded'));
  if (process.env.TEST_DATABASE_URL) {
    ok = (await section(`Fuzz: ${RUNS} bodies per action, PostgreSQL`, () => fuzzOn('postgres'))) && ok;
  }
  return ok;
}
