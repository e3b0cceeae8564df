import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { i18nCatalogues } from './scripts/vite-plugin-i18n.js';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [i18nCatalogues(import.meta.dirname)],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.int.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/catalogues.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'int',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/catalogues.ts'],
          globalSetup: ['test/setup/global-db.ts'],
          environment: 'node',
          // Vitest's default (one core less than the machine has) is a single worker on a
          // 2-core machine; the files wait on their database as much as they compute.
          maxWorkers: Math.max(2, os.availableParallelism()),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/catalogues.ts'],
          globalSetup: ['e2e/support/global-server.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two spec files at a time against the one server: each reads only its own data, and the
          // studies-open settings tests start a server of their own (decision 024).
          fileParallelism: true,
          maxWorkers: 2,
          // A page answers after a round trip to the server; one second is too tight on a busy machine.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
