// Lint enforces the layers (decision 060): shared/ imports nothing from web/ or bff/ (nor Node or
// the DOM's frameworks); web/ and bff/ do not import each other; features do not import each
// other; no import cycles; only bff/src/config.ts reads the environment. Inside the BFF, a kind's
// code (resources/) reaches the HTTP layer only through the handler types, and the database
// layer (db/) knows the kinds only where it gathers their tables (migrations.ts, schema.ts).
// scripts/lint-zones.unit.test.ts proves each zone fails a build.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.js';

const zones = [
  { target: 'shared/', from: 'web/', message: 'shared/ must not import from web/ or bff/.' },
  { target: 'shared/', from: 'bff/', message: 'shared/ must not import from web/ or bff/.' },
  {
    target: 'web/',
    from: 'bff/',
    message: 'the console reaches the BFF over HTTP only; shared code goes to shared/.',
  },
  {
    target: 'bff/',
    from: 'web/',
    message: 'the BFF does not import the console; shared code goes to shared/.',
  },
  {
    target: 'web/src/features/*/',
    from: 'web/src/features/*/',
    message: 'features do not import each other: move shared pieces to components/ or lib/.',
  },
  {
    target: 'bff/src/resources/',
    from: 'bff/src/http/',
    types: ['bff/src/http/handlers.ts'],
    message:
      'a kind sees the HTTP layer through the handler types only (import type from http/handlers.ts); shared mechanisms go to auth/ or db/.',
  },
  {
    target: 'bff/src/db/',
    from: 'bff/src/resources/',
    except: ['bff/src/db/migrations.ts', 'bff/src/db/schema.ts'],
    message:
      'the database layer does not import the kinds; only migrations.ts and schema.ts gather their tables.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'web/src/routeTree.gen.ts',
      'bff/test/openapi.gen.ts',
      'packages/console-test-kit/src/openapi.gen.ts',
      '**/dist',
      'qa-outside/node_modules',
      '.tanstack',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        crypto: 'readonly',
        navigator: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'express', 'react', 'react-dom', 'kysely', 'pg', 'better-sqlite3'],
              message:
                'shared/ is imported by the browser and the server: no Node, server or UI imports.',
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { layers },
    rules: { 'layers/zones': ['error', { zones }] },
  },
  {
    files: ['bff/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['bff/src/**/*.ts'],
    ignores: ['bff/src/config.ts', 'bff/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only bff/src/config.ts reads process.env.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
