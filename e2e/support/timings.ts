// Records how long each step of a scenario takes and attaches the table to the test report.
import type { TestInfo } from '@playwright/test';

export class Timings {
  private readonly started = performance.now();
  private last = this.started;
  private readonly rows: [string, number][] = [];

  constructor(private readonly info: TestInfo) {}

  mark(step: string): void {
    const now = performance.now();
    this.rows.push([step, Math.round(now - this.last)]);
    this.last = now;
  }

  /** Starts a measured interval and returns a function that records it (ms) under `step`. */
  start(step: string): () => number {
    const from = performance.now();
    return () => {
      const ms = Math.round(performance.now() - from);
      this.rows.push([step, ms]);
      this.last = performance.now();
      return ms;
    };
  }

  async report(): Promise<void> {
    const total = Math.round(performance.now() - this.started);
    const lines = [...this.rows.map(([step, ms]) => `${String(ms).padStart(6)} ms  ${step}`), `${String(total).padStart(6)} ms  total`];
    console.log(`\n[timings] ${this.info.title}\n${lines.join('\n')}`);
    await this.info.attach('timings', { body: lines.join('\n'), contentType: 'text/plain' });
  }
}
