import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Features do not import each other: one zone per feature folder.
const features = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; compose them in a route.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.server.json', 'tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // machines/ and streams/ run in tests, workers and the server: no React, nothing from src/.
            {
              target: './machines',
              from: './src',
              message: 'machines/ imports nothing from src/.',
            },
            { target: './streams', from: './src', message: 'streams/ imports nothing from src/.' },
            // One-way flow: ui and lib know nothing of features or routes; features nothing of routes.
            {
              target: './src/ui',
              from: './src/features',
              message: 'ui/ must not depend on features.',
            },
            { target: './src/ui', from: './src/routes', message: 'ui/ must not depend on routes.' },
            {
              target: './src/lib',
              from: './src/features',
              message: 'lib/ must not depend on features.',
            },
            {
              target: './src/lib',
              from: './src/routes',
              message: 'lib/ must not depend on routes.',
            },
            {
              target: './src/features',
              from: './src/routes',
              message: 'features/ must not depend on routes.',
            },
            // charts/ are presentational: props in, pixels out.
            {
              target: './src/charts',
              from: './src/features',
              message: 'charts/ must not depend on features.',
            },
            {
              target: './src/charts',
              from: './src/routes',
              message: 'charts/ must not depend on routes.',
            },
            {
              target: './src',
              from: './server',
              message: 'The console talks to the server over HTTP only.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**', 'streams/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@xstate/react'],
              message: 'machines/ and streams/ import no React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Nordlys does not build with the React Compiler; TanStack Table and Virtual are fine here.
      'react-hooks/incompatible-library': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
);
