import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
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
    files: ['src/engine/**/*.{ts,tsx}', 'src/widgets/**/*.{ts,tsx}', 'src/contract/**/*.ts', 'server/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
