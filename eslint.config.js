// ESLint flat config. The import boundaries below are the table of docs/architecture.md 'Layout and
// boundaries', one block a folder, so the architecture cannot drift from the code unnoticed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const WHY = "docs/architecture.md 'Layout and boundaries'";
const REACT = ['react', 'react-dom', 'react-*', '@tanstack/react-*', 'dexie-react-hooks'];
/** src/db's modules that are React hooks: the worker, the model and the ops never load them. */
const DB_HOOKS = String.raw`db/(queries|[a-z-]+-queries|live-read|shared-live-query|feed-window-hooks|intents)$`;
/** The same modules as files, for the blocks of src/db. */
const DB_HOOK_FILES = ['src/db/queries.ts', 'src/db/*-queries.ts', 'src/db/live-read.ts', 'src/db/shared-live-query.ts', 'src/db/feed-window-hooks.ts', 'src/db/intents.ts'];

/** Matches an import specifier by regular expression. */
const forbid = (regex, what) => ({ regex, message: `${what} (${WHY}).` });
const noReact = { group: REACT, message: `No React here (${WHY}).` };
const noServer = forbid(String.raw`(^|/)server/`, 'Only server/ imports server/');
const noWorker = forbid(String.raw`(^|/)worker/`, 'The page reaches the worker through src/sync/client.ts');
const noRoutes = forbid(String.raw`(^|/)routes/`, 'Nothing outside src/routes imports a route or its helpers');
const noStore = forbid(String.raw`(^|/)model/(db|meta|rows|rebase|reminder-rows)$`, 'Screens read through src/db read modules and write through src/commands');

/** One folder's boundary: its files, the ones left to another block, and what they may not import. */
function boundary(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export const boundaries = [
  boundary(['common/**/*.ts'], [forbid(String.raw`^[^.]|^\.\./`, 'common/ imports only common/')]),
  boundary(['server/**/*.ts'], [forbid(String.raw`(^|/)(src|worker|sw)/`, 'server/ imports only server/ and common/')]),
  boundary(['src/db/**/*.{ts,tsx}'], [forbid(String.raw`^\.\./(?!model/|\.\./common/)`, 'src/db imports only src/db, src/model and common/'), { group: REACT, message: `React only in src/db's hook modules (${WHY}).` }], DB_HOOK_FILES),
  boundary(DB_HOOK_FILES, [
    forbid(String.raw`^\.\./(?!model/|\.\./common/)`, 'src/db imports only src/db, src/model and common/'),
  ]),
  boundary(['src/model/**/*.ts'], [forbid(String.raw`^\.\./(?!\.\./common/)`, 'src/model imports only src/model and common/: everything else builds on it'), noReact]),
  boundary(['src/commands/ops/**/*.ts'], [
    forbid(String.raw`^\.\./(?!\.\./(db|model)/|\.\./\.\./common/)`, 'An op imports only ops, src/model, src/db and common/: the worker runs it'),
    forbid(DB_HOOKS, 'Not the React hooks of src/db'),
    noReact,
  ]),
  boundary(['src/commands/**/*.ts'], [
    forbid(String.raw`^\.\./(routes|components|session|state|i18n)/`, 'Commands write the store; they know no screen or page state'),
    noWorker,
    noServer,
  ], ['src/commands/ops/**']),
  boundary(['src/state/**/*.{ts,tsx}'], [
    forbid(String.raw`^\.\./(routes|components|commands)/`, 'src/state is below the screens and the commands'),
    forbid(String.raw`(^|/)worker/(?!api-types$)`, 'src/state uses only the worker API types'),
    noServer,
  ]),
  boundary(['src/sync/**/*.ts'], [
    forbid(String.raw`^\.\./(routes|components|commands)/`, 'src/sync is below the screens and the commands'),
    forbid(String.raw`(^|/)model/db$`, 'src/sync does not write the store'),
    noServer,
  ]),
  boundary(['src/platform/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'], [
    noRoutes,
    forbid(String.raw`(^|/)components/`, 'Below the components'),
    forbid(String.raw`(^|/)commands/(?!lazy$)`, 'Commands are reached through src/commands/lazy.ts'),
    forbid(String.raw`(^|/)model/db$`, 'Not the store itself'),
    noWorker,
    noServer,
  ]),
  boundary(['src/components/**/*.{ts,tsx}'], [noRoutes, forbid(String.raw`^\.\./session/`, 'The session feature builds on the components, not the reverse'), noStore, noWorker, noServer]),
  boundary(['src/session/**/*.{ts,tsx}'], [noRoutes, noStore, noWorker, noServer]),
  boundary(['src/routes/**/*.{ts,tsx}'], [noStore, noWorker, noServer]),
  boundary(['src/*.{ts,tsx}'], [noStore, noServer]),
  boundary(['worker/**/*.ts'], [
    noReact,
    forbid(DB_HOOKS, 'Not the React hooks of src/db'),
    forbid(String.raw`(^|/)src/(?!db/|model/|commands/ops/)`, 'The worker uses only src/db, src/model and src/commands/ops'),
    noServer,
  ]),
  boundary(['sw/**/*.ts'], [noReact, forbid(String.raw`(^|/)src/`, 'The service worker reaches the store and the ops through worker/'), noServer]),
];

export default tseslint.config(
  { ignores: ['eslint.config.d.ts', 'dist/**', 'dist-*/**', 'test-results*/**', '*-data/**', 'node_modules/**', 'src/routeTree.gen.ts', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e-artifacts/**'] },
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
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
  {
    // Module augmentation (the router's Register, i18next's CustomTypeOptions) only merges with an
    // interface; these two declarations are the only place an interface is allowed.
    files: ['src/router.tsx', 'src/i18n/index.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
