// Types of eslint.config.js for tests/unit/import-boundaries.test.ts, which lints with its blocks.
import type { Linter } from 'eslint';

/** The import boundaries of docs/architecture.md 'Layout and boundaries', one block a folder. */
export declare const boundaries: Linter.Config[];
declare const config: Linter.Config[];
export default config;
