// Password hashes (server/domain/passwords.ts) and their work factor (config PASSWORD_HASH_COST): the
// deployed default, the bounds, and that a hash verifies whatever the factor is now.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, setPasswordHashCost, verifyPassword } from '../../server/domain/passwords';
import { TEST_PASSWORD_HASH_COST } from '../helpers/test-server';

/** N of a stored `scrypt$N$r$p$salt$hash`. */
const storedN = (hash: string) => Number(hash.split('$')[1]);

describe('password hashes', () => {
  // Files share their worker's modules (vitest.config.ts): leave the factor as test servers set it.
  afterEach(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it('are made with N = 16,384 unless configured, and PASSWORD_HASH_COST outside 10-20 stops the start', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(14);
    expect(loadConfig({}).passwordHashCost).toBe(14);
    expect(loadConfig({ PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '8' })).toThrow(/PASSWORD_HASH_COST must be from 10 to 20/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('keep the factor they were made with: a hash made before a change still verifies after it', async () => {
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    const strong = await hashPassword('pray without ceasing');
    expect(storedN(strong)).toBe(16_384);
    setPasswordHashCost(10);
    const light = await hashPassword('pray without ceasing');
    expect(storedN(light)).toBe(1_024);
    expect(await verifyPassword('pray without ceasing', strong)).toBe(true);
    expect(await verifyPassword('pray without ceasing', light)).toBe(true);
    expect(await verifyPassword('pray without ceasin', light)).toBe(false);
    expect(await verifyPassword('pray without ceasing', null)).toBe(false);
  });
});
