// What the validation pool and its worker threads say to each other.
import type { ErrorObject } from 'ajv/dist/2020';
import type { SpecValidation } from './validate';

/** A value against a schema. The schema is sent only to a worker that has not seen its key (content hash). */
export interface CheckWork {
  kind: 'check';
  key: string;
  schema?: object;
  value: unknown;
  maxErrors: number;
}

/** A whole spec.json (a deploy): its examples are checked against its schemas. */
export interface SpecWork {
  kind: 'spec';
  text: string;
}

export type Work = CheckWork | SpecWork;
export type WorkRequest = Work & { id: number };

export type WorkReply =
  { id: number; errors: ErrorObject[] } | { id: number; spec: SpecValidation } | { id: number; failure: string };
