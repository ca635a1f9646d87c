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
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
  },
  {
    // The architecture's one-way dependencies (DESIGN.md): shell → engine → widgets → contract, and
    // the server sees only the contract. The engine names widgets by registry name and imports only
    // the widgets' interface (src/widgets/interface); the app's registry (src/app-registry.ts) is
    // the one place that imports both.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/engine', from: './src/shell', message: 'The engine never imports the shell.' },
            { target: './src/engine', from: './src/app-registry.ts', message: 'The engine gets the registry through context (EngineProvider).' },
            {
              target: './src/engine',
              from: './src/widgets',
              except: ['./interface'],
              message: 'The engine names widgets by registry name; it imports only src/widgets/interface.',
            },
            { target: './src/widgets', from: ['./src/shell', './src/engine', './src/app-registry.ts'], message: 'Widgets import only the contract; they reach the engine through useWidgetHost.' },
            { target: './src/contract', from: ['./src/shell', './src/engine', './src/widgets', './src/app-registry.ts', './server'], message: 'The contract depends on nothing of ours.' },
            { target: './server', from: './src', except: ['./contract'], message: 'The server may import only src/contract.' },
          ],
        },
      ],
    },
  },
  {
    // A file cycle is a back-arrow. The shell's folders are also layered top-down (app over layout over
    // tabs … over i18n and request): tests/unit/shell/architecture.test.ts keeps them so.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Demo seed data builds on the runtime, never the reverse: only the entry point and the step that
    // prepares a database (which seeds an empty one) may reach into it.
    files: ['server/**/*.ts'],
    ignores: ['server/db/seed/**', 'server/db/seed-reset.ts', 'server/db/prepare.ts', 'server/serve.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/db/seed(/|$)', message: 'Runtime code never imports demo seed data.' }] }],
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
);
