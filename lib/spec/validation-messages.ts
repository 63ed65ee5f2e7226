// What the validation pool and its worker threads say to each other.
import type { ErrorObject } from 'ajv/dist/2020';

export interface CheckRequest {
  id: number;
  /** The schema's content hash; the schema itself is sent only to a worker that has not seen it. */
  key: string;
  schema?: object;
  value: unknown;
  maxErrors: number;
}

export type CheckReply = { id: number; errors: ErrorObject[] } | { id: number; failure: string };
