import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const integrationFiles = ['apps/server/src/**/*.int.test.ts'];

// Two workers (the machine has two cores). The end-to-end files each start a server and a Chromium
// and look at what users feel (a notification within 1 s, idle countdowns), so they run after the
// in-process suites rather than beside them.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: integrationFiles,
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A component test that clicks through a table takes 2 s on a quiet machine and more than
          // the default 5 s beside the integration workers; it waits for states, never for times.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: integrationFiles,
          environment: 'node',
          globalSetup: ['./apps/server/src/testing/global-setup.ts'],
          // Each file builds its own server on its own database; sharing the loaded modules between
          // files saves seconds a file (the server's modules keep no state of their own).
          isolate: false,
          env: { PW_TEST_DB: 'embedded' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'integration-pg',
                include: integrationFiles,
                environment: 'node',
                isolate: false,
                env: { PW_TEST_DB: 'postgres' },
                setupFiles: ['./apps/server/src/testing/throw-deprecations.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          sequence: { groupOrder: 1 },
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
