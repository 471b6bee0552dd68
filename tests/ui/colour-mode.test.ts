// docs/product.md §2 colour mode: the stored preference, a route's forced mode and the device's setting.
import { describe, expect, it } from 'vitest';
import { nextColourPreference, parseColourPreference, resolveColourMode } from '../../src/state/colour-mode';

describe('resolveColourMode', () => {
  it.each([
    // preference, forced, device dark, painted
    ['light', null, true, 'light'],
    ['dark', null, false, 'dark'],
    ['system', null, true, 'dark'],
    ['system', null, false, 'light'],
    ['dark', 'light', true, 'light'], // public pages force light
    ['light', 'dark', false, 'dark'], // the password reset forces dark
    ['system', 'light', true, 'light'],
  ] as const)('%s, forced %s, device dark %s -> %s', (preference, forced, isDark, painted) => {
    expect(resolveColourMode(preference, forced, isDark)).toBe(painted);
  });
});

describe('parseColourPreference', () => {
  it('reads the three stored values', () => {
    expect(parseColourPreference('light')).toBe('light');
    expect(parseColourPreference('dark')).toBe('dark');
    expect(parseColourPreference('system')).toBe('system');
  });

  it('reads anything else as system', () => {
    expect(parseColourPreference(null)).toBe('system');
    expect(parseColourPreference(undefined)).toBe('system');
    expect(parseColourPreference('DARK')).toBe('system');
    expect(parseColourPreference('')).toBe('system');
  });
});

it('the toggle cycles light, dark, system', () => {
  expect(nextColourPreference('light')).toBe('dark');
  expect(nextColourPreference('dark')).toBe('system');
  expect(nextColourPreference('system')).toBe('light');
});
