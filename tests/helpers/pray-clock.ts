// The double-tap rule (src/commands/pray-gate.ts) reads an injectable clock: a test that prays for
// the same thing twice moves it a second on between the taps, as a person would, without waiting.
import { DOUBLE_TAP_MS, setPrayClock } from '../../src/commands/pray-gate';

let offset = 0;

/** The next tap comes a second after the previous one (tests/setup.ts resets the clock per test). */
export function aSecondLater(): void {
  offset += DOUBLE_TAP_MS;
  const shift = offset;
  setPrayClock(() => Date.now() + shift);
}
