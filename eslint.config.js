import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import { layers, layerPolicies } from './layers.config.js';

// Tests and the files only tests use: one naming scheme, so one pattern finds them all.
const testFiles = ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}'];

const noTestSupport = {
  group: ['**/*.test', '**/*.test.*', '**/*.test-support', '**/*.test-support.*'],
  message: 'Production code does not import tests or test support (*.test-support.ts).',
};

const readsTheStore = 'Only containers (*Container.tsx) and store hooks (use-*.ts) read the store: pass what this needs as props.';
const onlyContainersReadTheStore = [
  // The store's handle, even as a type: with it a component can read anything.
  { group: ['**/store-context', '**/store-context.*', '**/store/create-app-store', '**/store/create-app-store.*'], message: readsTheStore },
  // Slices, selectors and helpers: their types are the shapes a panel is handed, their values read the store.
  { group: ['**/store/**', '!**/store/create-app-store.*'], allowTypeImports: true, message: readsTheStore },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report', '.stryker-tmp', 'reports'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The core is pure: no framework (its own tsconfig keeps the DOM out; layers.config.js keeps higher layers out).
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'zustand', 'monaco-editor', '@monaco-editor/*'], message: 'src/core is framework-free.' },
            {
              group: ['../sandbox/*', '../llm/*', '../agent/*', '../trace/*', '../store/*', '../ui/*', '../samples/*'],
              message: 'src/core must not import a higher layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layering (docs/ARCHITECTURE.md, docs/adr/0007): each layer imports only the layers below it.
    files: ['src/**/*.{ts,tsx}'],
    // The template of a downloaded project imports the project's own layout (./core/index.ts), not this repo's.
    // Tests and test support (named `*.test-support.ts`, nothing else) may reach across layers; a production
    // file may not, whatever its name.
    ignores: [...testFiles, 'src/tool-export/project/template/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [2, { default: 'disallow', policies: layerPolicies }],
    },
  },
  {
    // Test support is for tests: a production file that imported it would ship it, and could name itself
    // `*.test-support.ts` to slip past the layer rules above.
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noTestSupport] }] },
  },
  {
    // Only containers read the store (docs/ARCHITECTURE.md): in a feature folder or among the shared
    // elements, a `*Container.tsx` or a store hook (`use-*.ts`) may; a panel, a view or a model file takes
    // what it shows as props. It may still name the store's types (the shapes it is handed).
    files: ['src/ui/features/**/*.{ts,tsx}', 'src/ui/elements/**/*.{ts,tsx}'],
    ignores: [...testFiles, '**/*Container.tsx', '**/use-*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noTestSupport, ...onlyContainersReadTheStore] }] },
  },
  {
    // Playwright fixtures are functions that call `use(...)`: not React hooks.
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // Ambient global declarations need `declare var` (let/const cannot merge with lib globals).
    files: ['**/*.d.ts'],
    rules: { 'no-var': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  // Formatting is Prettier's job (npm run format:check); turn off the lint rules that would disagree with it.
  prettier,
);
