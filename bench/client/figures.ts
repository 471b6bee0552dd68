// Figures of the client benchmarks: each a value next to its goal, collected as a scenario goes,
// so a scenario stopped by its hard timeout still reports what it measured.
import { formatTable, percentile } from '../report';

export type Verdict = 'met' | 'MISSED' | '';

export type Figure = { scenario: string; name: string; value: string; goal: string; verdict: Verdict };

export class Figures {
  readonly rows: Figure[] = [];
  readonly notes: string[] = [];

  constructor(readonly scenario: string) {}

  /** A figure with no goal of its own (context for the others). */
  info(name: string, value: string): void {
    this.rows.push({ scenario: this.scenario, name, value, goal: '', verdict: '' });
  }

  /** A figure and its goal; `isMet` undefined when it could not be judged (e.g. no samples). */
  goal(name: string, value: string, goal: string, isMet: boolean | undefined): void {
    this.rows.push({ scenario: this.scenario, name, value, goal, verdict: isMet === undefined ? '' : isMet ? 'met' : 'MISSED' });
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  [${this.scenario}] ${text}`);
  }
}

export function ms(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function seconds(valueMs: number): string {
  return Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(2)} s` : 'n/a';
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a';
}

export type Stats = { n: number; p50: number; p95: number; max: number; mean: number };

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
  };
}

export function median(samples: number[]): number {
  return percentile([...samples].sort((a, b) => a - b), 50);
}

export function figuresTable(rows: Figure[]): string {
  return formatTable(
    ['scenario', 'figure', 'value', 'goal', 'verdict'],
    rows.map((r) => [r.scenario, r.name, r.value, r.goal, r.verdict]),
  );
}
