// ESLint flat config. Import boundaries follow DESIGN.md §2.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noReact = {
  patterns: [{ group: ['react', 'react-dom', 'react-*', '@tanstack/react-router', 'dexie-react-hooks'], message: 'worker/ and sw/ never import React (DESIGN.md §2).' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'test-results*/**', '*-data/**', 'node_modules/**', 'src/routeTree.gen.ts', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../server/*'], message: 'src/ never imports server/ (DESIGN.md §2).' }] }],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/db/db', '**/db/db.ts'], message: 'Screens read through src/db/queries and write through src/commands (DESIGN.md §2).' },
          { group: ['**/worker/*', '!**/worker/api-type*'], message: 'Reach the worker only through its comlink type (DESIGN.md §2).' },
          { group: ['**/server/**'], message: 'src/ never imports server/.' },
        ],
      }],
    },
  },
  {
    // Module augmentation (the router's Register, i18next's CustomTypeOptions) only merges with an
    // interface; these two declarations are the only place an interface is allowed.
    files: ['src/router.tsx', 'src/i18n/index.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  { files: ['worker/**/*.ts', 'sw/**/*.ts'], rules: { 'no-restricted-imports': ['error', noReact] } },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '../src/*'], message: 'server/ imports nothing from src/ (DESIGN.md §2).' }] }] },
  },
);
