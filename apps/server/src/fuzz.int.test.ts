// Every action of the API under generated bodies (issue 14, item 17): never a 5xx, only the statuses
// of the contract, and a refused call changes nothing. `npm run bench` runs 1,000 cases an action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzActions } from './testing/fuzz';
import { startTestServer, type TestServer } from './testing/harness';

// `npm test` draws 10 bodies per action (a quick slice); the long fuzz runs from the bench (header).
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
let server: TestServer;

beforeAll(async () => {
  if (process.env.PW_TEST_DB === 'postgres') return;
  server = await startTestServer({ demoProducts: 30, workspaceScreens: true, env: { LOG_LEVEL: 'silent' } });
});
afterAll(() => server?.close());

// The quick slice runs on the embedded database; `npm run bench` runs the full one on both.
const embeddedOnly = process.env.PW_TEST_DB === 'postgres' ? describe.skip : describe;

embeddedOnly('fuzzed bodies', () => {
  it(`answers ${RUNS} generated bodies of every action within the contract`, async () => {
    const { findings, figures } = await fuzzActions(server, {
      runs: RUNS,
      seed: Number(process.env.FUZZ_SEED ?? 20261123),
    });
    expect(figures.length).toBeGreaterThan(40);
    expect(findings).toEqual([]);
  }, 600_000);
});
