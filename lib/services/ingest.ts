// Taking uploads in: no vector store here, so these handlers stay small. Reading collections is in
// ./collections.ts, which does not reach the embedder.
import { getConfig } from '../config';
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
