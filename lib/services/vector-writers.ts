// What writes vectors and sweeps uploads: the embed worker and the sweep (they load LanceDB). The delete
// routes' wiring is in ./collections.ts.
import type { SweepDeps } from '../ingest/sweep';
import type { WorkerDeps } from '../ingest/worker';
import { config, statuses } from './core';
import { embedder } from './embedding';
import { blobs, jobs } from './storage';
import { vectors } from './vectors';
import { webhookEvents } from './webhooks';

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
