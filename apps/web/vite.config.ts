import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const VENDOR_CHUNKS: [string, RegExp][] = [
  ['vendor-react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ['vendor-router', /node_modules[\\/]react-router[\\/]/],
  ['vendor-i18n', /node_modules[\\/](i18next|react-i18next|i18next-http-backend)[\\/]/],
  ['vendor-table', /node_modules[\\/]@tanstack[\\/](react-table|table-core|react-virtual|virtual-core)[\\/]/],
  ['vendor-forms', /node_modules[\\/]react-hook-form[\\/]/],
  ['vendor-charts', /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/],
  ['vendor-calendar', /node_modules[\\/](@fullcalendar|preact)[\\/]/],
  ['vendor-map', /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/],
  ['vendor-pickers', /node_modules[\\/]flatpickr[\\/]/],
  ['vendor-codemirror', /node_modules[\\/](@codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]/],
];

/**
 * react-router's package exports name only its development build, whose warnings (a flag the
 * minifier cannot see past) stay in the bundle and run on every navigation; its production build is
 * the same code with the flag off. Only for builds: the dev server keeps the warnings.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:12391',
      '/oauth2': 'http://127.0.0.1:12391',
      '/files': 'http://127.0.0.1:12391',
      '/health': 'http://127.0.0.1:12391',
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global Sass functions; their deprecation notes are noise here.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries by where they are used: the React runtime, the router and translations are on
        // every page, each in its own long-cached chunk; the table, forms, charts, calendar, map and
        // picker libraries load only with the screens that use them (docs/decisions.md, issue 12).
        codeSplitting: {
          groups: VENDOR_CHUNKS.map(([name, pattern]) => ({ name, test: pattern, priority: 10 })),
        },
      },
    },
  },
}));
