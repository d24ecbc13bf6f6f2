import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const integrationFiles = ['apps/server/src/**/*.int.test.ts'];
// `npm test` runs on PostgreSQL the files where the database makes a difference: SQL built from
// declarations and filters, row readers, transactions and locks (configuration, point of sale,
// stock), aggregates, migrations and upgrades, the process itself, outages, several instances.
// `npm run test:postgres` runs every integration file on it.
const postgresSlice = [
  'apps/server/src/db/row-readers.int.test.ts',
  'apps/server/src/main.int.test.ts',
  'apps/server/src/outage.int.test.ts',
  'apps/server/src/plugins/redis.int.test.ts',
  'apps/server/src/seed/upgrade.int.test.ts',
  'apps/server/src/seed/demo.int.test.ts',
  'apps/server/src/seed/pos.int.test.ts',
  'apps/server/src/modules/access/access.int.test.ts',
  'apps/server/src/modules/collections/collections.int.test.ts',
  'apps/server/src/modules/collections/collections-file.int.test.ts',
  'apps/server/src/modules/configuration/configuration.int.test.ts',
  'apps/server/src/modules/files/files.int.test.ts',
  'apps/server/src/modules/file-manager/file-manager.int.test.ts',
  'apps/server/src/modules/pos/pos.int.test.ts',
  'apps/server/src/modules/projects/projects.int.test.ts',
  'apps/server/src/modules/resources/resources.int.test.ts',
  'apps/server/src/modules/resources/bulk.int.test.ts',
  'apps/server/src/modules/record-activity/record-activity.int.test.ts',
  'apps/server/src/modules/resources/import.int.test.ts',
  'apps/server/src/modules/resources/search.int.test.ts',
  'apps/server/src/modules/resources/update-functions.int.test.ts',
  'apps/server/src/modules/settings/settings.int.test.ts',
  'apps/server/src/modules/stats/stats.int.test.ts',
  'apps/server/src/modules/api-keys/api-keys.int.test.ts',
  'apps/server/src/modules/webhooks/webhooks.int.test.ts',
  'apps/server/src/modules/webhooks/webhooks-crash.int.test.ts',
  'apps/server/src/modules/files/file-store.int.test.ts',
  'apps/server/src/modules/account/oidc.int.test.ts',
  'apps/server/src/lib/audit.int.test.ts',
];
const postgresFiles = process.env.POSTGRES_FULL === 'true' ? integrationFiles : postgresSlice;
// Web `.test.ts` files that need a document (local storage, the DOM, the window): run in jsdom.
const WEB_TESTS_WITH_A_DOCUMENT = [
  'src/api/app-config.test.ts',
  'src/api/session.test.ts',
  'src/app/analytics.test.ts',
  'src/app/screen-preload.test.ts',
  'src/components/dialog-focus/dialog-tab-wrap.test.ts',
  'src/features/auth/oidc-sign-in.test.ts',
  'src/renderers/dashboard/dashboard-screen.test.ts',
  'src/renderers/table/measure.test.ts',
  'src/state/after-logout.test.ts',
  'src/state/session-actions.test.ts',
  'src/texts.test.ts',
];

// Two workers (the machine has two cores). The end-to-end files each start a server and a Chromium
// and look at what users feel (a notification within 1 s, idle countdowns), so they run after the
// in-process suites rather than beside them.
export default defineConfig({
  test: {
    maxWorkers: 2,
    // `VITEST_JSON=file npm test` also writes each file's and test's duration there (where CI time goes).
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
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
        // The web's pure rules (`.test.ts` files that touch no document): no jsdom to build, and the
        // modules loaded once for all of them, which saves most of a file's time.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-rules',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          exclude: WEB_TESTS_WITH_A_DOCUMENT,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', ...WEB_TESTS_WITH_A_DOCUMENT],
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
                include: postgresFiles,
                environment: 'node',
                globalSetup: ['./apps/server/src/testing/global-setup-postgres.ts'],
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
          // With TEST_DATABASE_URL set, the servers run on PostgreSQL but for a few files that keep the
          // embedded database (e2e/support/postgres.ts); `E2E_DATABASE=embedded` keeps it for all.
          globalSetup: ['./e2e/support/global-setup.ts'],
          sequence: { groupOrder: 1 },
          // A poll waits for what a person would wait for (a save, a reload, a live event): on a loaded
          // machine that can take longer than vitest's default second.
          expect: { poll: { timeout: 10_000 } },
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
