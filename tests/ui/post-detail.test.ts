// The post detail's pure pieces: the {id} of '/community/post/{id}' (docs/product.md §2: a failed
// validation is a page-not-found; a temporary negative id of a post written offline is valid),
// the length rule of the comment and note forms, and a label for every refused op
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import { describe, expect, it } from 'vitest';
import { isNotFound } from '@tanstack/react-router';
import { OPS } from '../../src/commands/ops/registry';
import { BACKGROUND_OPS, type OpName } from '../../src/model/outbox-types';
import { postDetailTexts } from '../../src/i18n/locales/areas/post-detail';
import { textProblem } from '../../src/components/limited-text';
import { opLabelKey } from '../../src/routes/-failed-changes';
import type { FailedMutation } from '../../src/model/types';
import { parsePostIdParam } from '../../src/routes/-post-id';

function notFoundOf(raw: string): boolean {
  try {
    parsePostIdParam(raw);
    return false;
  } catch (err) {
    return isNotFound(err);
  }
}

describe('parsePostIdParam', () => {
  it.each([
    ['42', 42],
    ['1', 1],
    ['-3', -3],
    ['-120', -120],
  ])('reads %s as %d', (raw, id) => {
    expect(parsePostIdParam(raw)).toBe(id);
  });

  it.each(['0', '-0', 'abc', '1.5', '01', '-01', '--2', '', '-', '12x', '99999999999999999'])('refuses %j as not found', (raw) => {
    expect(notFoundOf(raw)).toBe(true);
  });
});

describe('textProblem', () => {
  it('refuses empty or blank text with the given message, or allows it when optional', () => {
    expect(textProblem('   ', 10, 'empty', 'long')).toBe('empty');
    expect(textProblem('', 10, null, 'long')).toBeNull();
  });

  it('counts the trimmed text against the limit', () => {
    expect(textProblem(`  ${'a'.repeat(10)}  `, 10, 'empty', 'long')).toBeNull();
    expect(textProblem('a'.repeat(11), 10, 'empty', 'long')).toBe('long');
  });
});

describe('refused changes', () => {
  const userOps = (Object.keys(OPS) as OpName[]).filter((op) => !(BACKGROUND_OPS as readonly OpName[]).includes(op));

  it('has a label for every op the user can cause, and no other', () => {
    expect(userOps.map((op) => opLabelKey(op as FailedMutation['op'])).sort()).toEqual(Object.keys(postDetailTexts['en-US'].ops).sort());
  });

  it.each(['en-US', 'pt-BR', 'es-ES'] as const)('names every op distinctly in %s', (locale) => {
    const ops: Record<string, string> = postDetailTexts[locale].ops;
    const labels = userOps.map((op) => ops[opLabelKey(op as FailedMutation['op'])] ?? '');
    expect(labels.every((label) => label.trim() !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
