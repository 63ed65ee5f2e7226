// What writes or removes vectors: the embed worker and the delete routes (they load LanceDB).
import type { CollectionDeps } from '../ingest/collections';
import type { SweepDeps } from '../ingest/sweep';
import type { WorkerDeps } from '../ingest/worker';
import { config, statuses } from './core';
import { embedder } from './embedding';
import { blobs, jobs } from './storage';
import { vectors } from './vectors';
import { webhookEvents } from './webhooks';

export const collectionDeps = (): CollectionDeps => ({ statuses: statuses(), blobs: blobs(), vectors: vectors() });

export const workerDeps = (): Omit<WorkerDeps, 'log'> => ({
  statuses: statuses(),
  blobs: blobs(),
  vectors: vectors(),
  embedder: embedder(),
  chunkQuotas: config().chunkQuotas,
  events: webhookEvents(),
});

export const sweepDeps = (): Omit<SweepDeps, 'log'> => ({
  statuses: statuses(),
  jobs: jobs(),
  vectors: vectors(),
  events: webhookEvents(),
});
