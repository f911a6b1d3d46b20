import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A web layer that must not import the given folders of apps/web/src. */
function webLayer(dir, forbidden, message) {
  return {
    files: [`${dir}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(${forbidden.join('|')})/`, message }] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', 'bench/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
    },
  },
  {
    // The contract is pure: no Node, DOM or Electron.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'react', 'fastify'] }],
    },
  },
  {
    // Server floors: infrastructure (db, lib, storage, jobs, media, realtime) never imports the modules,
    // the wiring or the applications built on it (seed, cli, plugins).
    files: ['apps/server/src/{db,lib,storage,jobs,media,realtime}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|seed|cli|plugins)/|^(\\.\\./)+(compose|app|main|worker)\\.ts$',
              message: 'A lower floor of the server must not import a higher one (apps/server/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The modules never import what is built on them: the wiring, the application entry points, or the
    // seed, CLI and HTTP plugins (routes read the signed-in member from modules/auth/request-member.ts).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(seed|cli|plugins)/|^(\\.\\./)+(compose|app|main|worker)\\.ts$',
              message: 'A module must not import a higher floor of the server (README, "A server module\'s shape").',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's tests share one module registry per worker (isolate: false in its vitest config):
    // a module mock or stubbed global would leak into the files that run after it.
    files: ['apps/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message: 'Server test files share modules: pass the dependency in instead of mocking the module.',
        },
      ],
    },
  },
  {
    // Every API path is written once, in the contract (packages/contract/src/api, an `XApi` object per
    // file); routes and fetchers import it. Tests may type paths where that reads more clearly.
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'apps/desktop/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\x2Fapi\\x2F/]',
          'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fapi\\x2F/]',
          'JSXText[value=/\\x2Fapi\\x2F/]',
        ].map((selector) => ({
          selector,
          message: 'API paths live in the contract: import its XApi object (packages/contract/src/api).',
        })),
      ],
    },
  },
  {
    // The desktop core is plain Node, tested without the Electron binary: Electron stays in src/main.
    files: ['apps/desktop/src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['electron', 'electron-*'] }] },
  },
  {
    // The sandboxed preload can require only `electron`; Node modules would fail at run time.
    files: ['apps/desktop/src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', '**/core/**', '@vidmatrix/publisher/*'] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Web layers (ARCHITECTURE.md): app → features → widgets → api, components → lib; never upwards.
  {
    // Features do not import each other (app/ composes them); shared server state lives in api/, shared UI in widgets/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features/)?[^./][^/]*/(api|components|pages|hooks|stores)/',
              message: 'features do not import each other',
            },
            { regex: '^(\\.\\./)+(features|app)/', message: 'features do not import other features or app/' },
          ],
        },
      ],
    },
  },
  webLayer(
    'apps/web/src/app',
    ['features/[^/]+/(api|hooks|stores)'],
    "app/ composes features' pages and components; the server state its layouts share lives in api/",
  ),
  webLayer(
    'apps/web/src/widgets',
    ['features', 'app'],
    'widgets may import api/, components/, lib/ (and the picker shell), never features',
  ),
  webLayer(
    'apps/web/src/api',
    ['features', 'app', 'widgets', 'components'],
    'api/ holds server state only: lib/ and the contract',
  ),
  webLayer(
    'apps/web/src/components',
    ['features', 'app', 'widgets'],
    'generic components do not depend on features, widgets or app',
  ),
  webLayer('apps/web/src/lib', ['features', 'app', 'widgets', 'api', 'components'], 'lib/ is the bottom layer'),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
