// The import boundaries of docs/architecture.md 'Layout and boundaries' as eslint.config.js enforces
// them: for each folder, an import the table forbids is an error and one it allows is not. Run
// through ESLint's own Linter with only the boundary blocks, so the test reads the real config.
import { Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import { boundaries } from '../../eslint.config.js';

const linter = new Linter({ configType: 'flat' });

function errors(filename: string, specifier: string): string[] {
  const messages = linter.verify(`import x from '${specifier}';\nexport default x;\n`, [
    { languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    ...boundaries,
  ], { filename });
  return messages.map((m) => m.message);
}

// [file, import, allowed?]
const CASES: [string, string, boolean][] = [
  ['src/components/post-card.tsx', '../routes/-feed-rows', false],
  ['src/components/post-card.tsx', '../model/db', false],
  ['src/components/post-card.tsx', '../model/types', true],
  ['src/components/post-card.tsx', '../session/begin', false],
  ['src/components/post-card.tsx', '../db/post-queries', true],
  ['src/components/post-card.tsx', '../commands/lazy', true],
  ['src/session/begin.tsx', '../routes/-app-shell', false],
  ['src/session/begin.tsx', '../components/icons', true],
  ['src/routes/_app/community.tsx', '../../../worker/engine', false],
  ['src/routes/_app/community.tsx', '../../model/meta', false],
  ['src/routes/_app/community.tsx', '../../model/rows', false],
  ['src/routes/_private/settings.reminders.tsx', '../../model/reminder-rows', false],
  ['worker/pull-reminders.ts', '../src/model/reminder-rows', true],
  ['src/routes/_app/community.tsx', '../-feed-rows', true],
  ['src/db/reads.ts', '../state/online', false],
  ['src/db/reads.ts', '../session/run', false],
  ['src/db/reads.ts', 'react', false],
  ['src/db/post-queries.ts', 'react', true],
  ['src/db/reads.ts', '../../common/constants', true],
  ['src/db/reads.ts', '../model/db', true],
  ['src/model/merge.ts', '../commands/ops/registry', false],
  ['src/model/merge.ts', '../db/reads', false],
  ['src/model/merge.ts', './types', true],
  ['src/model/merge.ts', '../../common/contract', true],
  ['src/commands/ops/post-pray.ts', '../guards', false],
  ['src/commands/ops/post-pray.ts', 'react', false],
  ['src/commands/ops/post-pray.ts', '../../model/rows', true],
  ['src/commands/post-commands.ts', '../state/auth', false],
  ['src/commands/post-commands.ts', '../../worker/drain', false],
  ['src/commands/post-commands.ts', '../sync/client', true],
  ['src/state/auth.ts', '../components/icons', false],
  ['src/state/auth.ts', '../../worker/engine', false],
  ['src/state/auth.ts', '../../worker/api-types', true],
  ['src/sync/client.ts', '../model/db', false],
  ['src/platform/consent.ts', '../commands/post-commands', false],
  ['src/platform/consent.ts', '../commands/lazy', true],
  ['src/i18n/locales/areas/shell.ts', '../../../components/icons', false],
  ['worker/drain.ts', 'react', false],
  ['worker/drain.ts', '../src/db/queries', false],
  ['worker/drain.ts', '../src/state/auth', false],
  ['worker/drain.ts', '../src/commands/ops/registry', true],
  ['worker/drain.ts', '../src/model/rebase', true],
  ['sw/sw.ts', '../src/model/db', false],
  ['sw/sw.ts', '../worker/drain', true],
  ['server/app.ts', '../src/model/db', false],
  ['server/app.ts', '../common/contract', true],
  ['common/contract.ts', '../server/app', false],
  ['common/contract.ts', 'zod', false],
  ['common/contract.ts', './constants', true],
];

describe('import boundaries (eslint.config.js)', () => {
  test.each(CASES)('%s importing %s: allowed %s', (file, specifier, allowed) => {
    const found = errors(file, specifier);
    if (allowed) expect(found).toEqual([]);
    else expect(found.join('\n')).toMatch(/Layout and boundaries/);
  });
});
