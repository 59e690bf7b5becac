import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
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
  message: 'Features do not import each other; what two features read is in api/.',
}));

const REACT_IMPORTS = ['react', 'react-*', 'react/*', '@xstate/react', 'styled-components'];

// Names. Files and folders are kebab-case; a role suffix (`.machine.ts`, `.test.ts`) is not checked.
const KEBAB = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
// TanStack Router's file routes spell URLs: dot-separated segments, each a kebab-case path
// segment (`404` too) with an optional `_` (not nested under the one before), a pathless layout
// (`_app`), `__root`, a parameter (`$id`, `$id_`), an optional parameter (`{-$token}`) or the
// splat (`$`). Their own folders start with `-` (`-components`), which the router skips.
const CAMEL = '+([a-z])*([a-z0-9])*([A-Z]*([a-z0-9]))';
const URL_SEGMENT = '+([a-z0-9])*(-+([a-z0-9]))';
const ROUTE_SEGMENT = `@(__root|_${KEBAB}|${URL_SEGMENT}?(_)|$|$${CAMEL}?(_)|\\{-$${CAMEL}\\})`;
const ROUTE_FILE = `${ROUTE_SEGMENT}*(.${ROUTE_SEGMENT})`;
const ROUTE_FOLDER = `?(-)${KEBAB}`;

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
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Without these, import-x reads no TypeScript module's imports and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        {
          '{server,streams,machines,contracts,tests,scripts,bench}/**/': 'KEBAB_CASE',
          'src/!(routes)/**/': 'KEBAB_CASE',
          'src/routes/**/': ROUTE_FOLDER,
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts/ is the wire's shapes: every side imports it, it imports no side.
            {
              target: './contracts',
              from: ['./src', './server', './streams', './machines'],
              message: 'contracts/ imports nothing from src/, server/, streams/ or machines/.',
            },
            // machines/ and streams/ run in tests, workers and the server: nothing from either side.
            {
              target: './machines',
              from: ['./src', './server'],
              message: 'machines/ imports nothing from src/ or server/.',
            },
            {
              target: './streams',
              from: ['./src', './server'],
              message: 'streams/ imports nothing from src/ or server/.',
            },
            // The console and the server meet only over HTTP (and contracts/).
            {
              target: './src',
              from: './server',
              message: 'The console talks to the server over HTTP only.',
            },
            {
              target: './server',
              from: './src',
              message: 'The server imports nothing from the console.',
            },
            // One-way flow in the console: ui → lib → api → features → routes.
            {
              target: './src/lib',
              from: ['./src/ui', './src/charts', './src/maps'],
              message: 'lib/ is below ui/: ui may import lib, lib not ui.',
            },
            {
              target: ['./src/ui', './src/lib', './src/charts', './src/maps'],
              from: './src/api',
              message: 'ui/, lib/, charts/ and maps/ are below api/.',
            },
            {
              target: ['./src/ui', './src/lib', './src/charts', './src/maps', './src/api'],
              from: './src/features',
              message: 'Only routes compose features.',
            },
            {
              target: [
                './src/ui',
                './src/lib',
                './src/charts',
                './src/maps',
                './src/api',
                './src/features',
              ],
              from: './src/routes',
              message: 'Nothing imports a route.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Route files follow TanStack Router's naming; their -components/ folder is kebab-case again.
    files: ['src/routes/*.tsx'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'src/routes/*.tsx': ROUTE_FILE },
        {
          ignoreMiddleExtensions: false,
          errorMessage:
            'The route file "{{ target }}" does not follow TanStack Router\'s naming: kebab-case segments, _layout, $param, {-$optional}, $ or __root, joined by dots.',
        },
      ],
    },
  },
  {
    // No barrel index.ts inside features: it defeats tree-shaking and hides cycles.
    files: ['src/features/**'],
    rules: { 'check-file/no-index': ['error', { ignoreMiddleExtensions: true }] },
  },
  {
    // No import cycles: a shared piece moves down instead. Type-only imports are not cycles.
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'streams/**/*.ts',
      'machines/**/*.ts',
      'contracts/**/*.ts',
    ],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['machines/**', 'streams/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: REACT_IMPORTS, message: 'machines/ and streams/ import no React.' }],
        },
      ],
    },
  },
  {
    files: ['contracts/**'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: REACT_IMPORTS, message: 'contracts/ imports no React.' }] },
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
