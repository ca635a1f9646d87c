import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Routes stay thin: a request's parts are typed by their schemas, and SQL lives in each concern's store.
const REQUEST_CAST = {
  selector: "TSAsExpression > MemberExpression.expression[object.name='request'][property.name=/^(body|query|params)$/]",
  message: 'Type the route schema instead: the TypeBox type provider infers request parts.',
};
const SQL_IN_ROUTES = [
  'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction|executeQuery)$/]',
  "TaggedTemplateExpression[tag.name='sql']",
].map((selector) => ({ selector, message: "SQL belongs in the concern's store module, not in a route file." }));

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The architecture's one-way dependencies (DESIGN.md): the server sees only the shared contract,
    // the engine never reaches into the shell, and the contract depends on nothing of ours.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+src/(?!contract/)', message: 'The server may import only src/contract.' }] }],
    },
  },
  {
    // Demo seed data builds on the runtime, never the reverse: only the entry point and the step that
    // prepares a database (which seeds an empty one) may reach into it.
    files: ['server/**/*.ts'],
    ignores: ['server/db/seed/**', 'server/db/seed-reset.ts', 'server/db/prepare.ts', 'server/main.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: 'server', from: 'server/db/seed', message: 'Runtime code never imports demo seed data.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', REQUEST_CAST] },
  },
  {
    files: ['server/**/routes.ts', 'server/**/*-routes.ts'],
    rules: { 'no-restricted-syntax': ['error', REQUEST_CAST, ...SQL_IN_ROUTES] },
  },
  {
    files: ['src/engine/**/*.{ts,tsx}', 'src/widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/shell/', message: 'The engine and widgets never import the shell.' }] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./', message: 'The contract depends on nothing of ours.' }] }],
    },
  },
);
