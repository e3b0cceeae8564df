import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noLiteralText from './scripts/eslint/no-literal-text.js';

// Features never import each other: one zone per feature folder, whatever folders exist.
// The step-up (auth/step-up.tsx) is the exception: a staff action of any feature may need a
// fresh second-factor code, and asks for it there (docs/decisions/033-admin-second-factor.md).
const featureZones = fs
  .readdirSync('./src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/client/features/${name}`,
    from: './src/client/features',
    except: [`./${name}`, './auth/step-up.tsx'],
    message: 'features never import each other; compose them in a page',
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'drizzle/**',
      'coverage/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-control-regex': 'off',
      // Imports flow one way: shared <- server, shared <- client; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: './src/server',
              message: 'shared code runs in the browser too',
            },
            {
              target: './src/shared',
              from: './src/client',
              message: 'shared code must not depend on the client',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'the client never imports server code',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'the server never imports client code',
            },
            ...featureZones,
            {
              target: './src/client/api',
              from: ['./src/client/features', './src/client/pages', './src/client/components'],
              message: 'the API layer is data only: features and pages import it, not the reverse',
            },
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/pages'],
              message: 'shared client code must not depend on a feature or a page',
            },
          ],
        },
      ],
    },
  },
  // Module shape (decision 023): routes call their service; only repos build SQL.
  {
    files: ['src/server/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/schema',
                '**/db/schema/*',
                '**/db/client',
              ],
              message: 'a route calls its service; SQL lives in the repo (decision 023)',
            },
            {
              group: ['**/*.repo'],
              message: 'a route calls its service, never a repo (decision 023)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              allowTypeImports: true,
              message: 'a service calls its repo for SQL (decision 023)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'shared code runs in the browser: no node:* modules' },
            {
              group: ['react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
              message: 'shared code has no framework or database imports',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'browser code: no node:* modules' }] },
      ],
    },
  },
  {
    // Participant-facing screens speak English and Kiswahili: no literal text (docs/i18n.md).
    files: [
      'src/client/pages/*.tsx',
      'src/client/app/*.tsx',
      'src/client/components/{layout,marketing,ui,domain}/*.tsx',
      'src/client/features/{auth,participants,studies,applications,bookings,leads,stats}/**/*.tsx',
    ],
    ignores: [
      'src/client/pages/admin-*.tsx',
      // The step-up dialogs open in the staff console only.
      'src/client/features/auth/step-up.tsx',
      'src/client/components/layout/admin-*.tsx',
      'src/client/features/applications/components/admin-*.tsx',
      '**/*.test.tsx',
    ],
    plugins: { i18n: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'i18n/no-literal-text': 'error' },
  },
);
