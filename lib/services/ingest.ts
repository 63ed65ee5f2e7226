// Uploads, collections and the embed worker.
import { getConfig } from '../config';
import type { CollectionDeps } from '../ingest/collections';
import type { IntakeDeps } from '../ingest/intake';
import type { WorkerDeps } from '../ingest/worker';
import { statuses } from './core';
import { embedder } from './embedding';
import { blobs, jobs } from './storage';
import { vectors } from './vectors';

export const intakeDeps = (): Omit<IntakeDeps, 'log'> => ({
  statuses: statuses(),
  blobs: blobs(),
  jobs: jobs(),
  embedderId: embedder().id,
  quotas: getConfig().quotas,
});

export const collectionDeps = (): CollectionDeps => ({ statuses: statuses(), blobs: blobs(), vectors: vectors() });

export const workerDeps = (): Omit<WorkerDeps, 'log'> => ({ statuses: statuses(), blobs: blobs(), vectors: vectors(), embedder: embedder() });
