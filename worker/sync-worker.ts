// Entry of the module Web Worker (docs/architecture.md 'The shape'): the sync engine, exposed to the page via comlink.
// Created by src/sync/client.ts with new Worker(new URL(...), { type: 'module' }).
import { expose } from 'comlink';
import { createSyncEngine } from './engine';

expose(createSyncEngine());
