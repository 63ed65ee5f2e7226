// Reading and removing collections: their status records, files and vectors. Apart from the intake's and
// the embed worker's wiring (./ingest.ts, ./vector-writers.ts), which name the embedder and so reach the
// AI platform's clients: these routes' bundles carry none of them.
import type { CollectionDeps, CollectionReadDeps } from '../ingest/collections';
import { statuses } from './core';
import { blobs } from './storage';
import { vectors } from './vectors';

export const collectionReadDeps = (): CollectionReadDeps => ({ statuses: statuses() });

export const collectionDeps = (): CollectionDeps => ({ statuses: statuses(), blobs: blobs(), vectors: vectors() });
