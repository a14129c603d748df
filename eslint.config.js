// Lint enforces the layers: shared/ imports nothing from web/ or bff/ (nor Node or the DOM's
// frameworks); features do not import each other; only bff/src/config.ts reads the environment.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'web/src/routeTree.gen.ts', '.tanstack'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', window: 'readonly', document: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', crypto: 'readonly', navigator: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/web/**', '**/bff/**', '#web/*', '#bff/*'], message: 'shared/ must not import from web/ or bff/.' },
          { group: ['node:*', 'express', 'react', 'react-dom', 'kysely', 'pg', 'better-sqlite3'], message: 'shared/ is imported by the browser and the server: no Node, server or UI imports.' },
        ],
      }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'Features do not import each other: move shared pieces to components/ or lib/.' }] }],
    },
  },
  {
    files: ['bff/src/**/*.ts'],
    ignores: ['bff/src/config.ts', 'bff/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Only bff/src/config.ts reads process.env.' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
