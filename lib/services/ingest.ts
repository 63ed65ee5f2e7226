// Taking uploads in and reading their records: no vector store here, so these handlers stay small.
import { getConfig } from '../config';
import type { CollectionReadDeps } from '../ingest/collections';
import type { IntakeDeps } from '../ingest/intake';
import { statuses } from './core';
import { embedder } from './embedding';
import { blobs, jobs } from './storage';

export const intakeDeps = (): Omit<IntakeDeps, 'log'> => ({
  statuses: statuses(),
  blobs: blobs(),
  jobs: jobs(),
  embedderId: embedder().id,
  quotas: getConfig().quotas,
});

export const collectionReadDeps = (): CollectionReadDeps => ({ statuses: statuses() });
