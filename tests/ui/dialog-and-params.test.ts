// docs/product.md §2 generic dialog closing rules, and route param validation (a bad id is a not-found).
import { describe, expect, it } from 'vitest';
import { isNotFound } from '@tanstack/react-router';
import { closeReasons, shouldClose } from '../../src/components/dialog-rules';
import { parseIdParam } from '../../src/routes/-params';

describe('dialog closing rules', () => {
  it('by default: Escape, the backdrop and the close button', () => {
    expect(closeReasons({})).toEqual(['escape', 'backdrop', 'close-button']);
  });

  it('a hidden close button leaves Escape and the backdrop', () => {
    expect(shouldClose('escape', { hasCloseButton: false })).toBe(true);
    expect(shouldClose('backdrop', { hasCloseButton: false })).toBe(true);
    expect(shouldClose('close-button', { hasCloseButton: false })).toBe(false);
  });

  it('a dialog that must not be left yet closes by none of them', () => {
    expect(closeReasons({ isDismissable: false })).toEqual([]);
  });
});

describe('parseIdParam', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('%s -> %d', (raw, id) => expect(parseIdParam(raw)).toBe(id));

  it.each(['abc', '0', '-1', '1.5', '01', '12x', '', ' 1', '99999999999999999'])('%j is not found', (raw) => {
    let thrown: unknown = null;
    try {
      parseIdParam(raw);
    } catch (err) {
      thrown = err;
    }
    expect(isNotFound(thrown)).toBe(true);
  });
});
