import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report'] },
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
    // Layering (see ARCHITECTURE.md): the core is pure and never imports a higher layer or the DOM world.
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
