// The events an account can subscribe to, and their payloads. A payload carries ids, states,
// counts and times only: never a document's text, a file name, a function's code or its output,
// so a receiver learns what happened and reads anything more through the API with its token.
import type { DeploymentRecord } from '../functions/build/ports';
import type { Settlement, UploadRecord } from '../ingest/ports';

export const EVENT_TYPES = [
  'upload.completed',
  'upload.failed',
  'function.deployed',
  'function.deploy_failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One thing that happened to one account's upload or deployment, before it is fanned out to endpoints. */
export interface WebhookEvent {
  /** `evt_…`: one per event; redelivering the queue message keeps it, so deliveries are not doubled. */
  id: string;
  account: string;
  type: EventType;
  /** Epoch ms. */
  occurredAt: number;
  data: Record<string, string | number | boolean | string[] | null>;
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** The event of an upload settled `completed` or `failed`. */
export function uploadEvent(record: UploadRecord, outcome: Settlement): WebhookEvent {
  const completed = outcome.state === 'completed';
  return {
    id: `evt_upload_${record.uploadId}_${outcome.state}`,
    account: record.account,
    type: completed ? 'upload.completed' : 'upload.failed',
    occurredAt: outcome.completedAt,
    data: {
      upload_id: record.uploadId,
      collection_name: record.collection,
      status: outcome.state,
      embedded_chunks: completed ? record.totalChunks : 0,
      total_chunks: record.totalChunks,
      upload_started: iso(record.startedAt),
      upload_completed: iso(outcome.completedAt),
      ...(outcome.state === 'failed' && { error: outcome.error }),
    },
  };
}

/** The event of a deployment that became `ready` or `failed`. */
export function deploymentEvent(record: DeploymentRecord): WebhookEvent {
  const ready = record.status === 'ready';
  return {
    id: `evt_deploy_${record.id}_${record.status}`,
    account: record.owner,
    type: ready ? 'function.deployed' : 'function.deploy_failed',
    occurredAt: record.finishedAt ?? record.updatedAt,
    data: {
      deployment_id: record.id,
      shortname: record.shortname,
      version: record.version,
      runtime: record.runtime,
      status: record.status,
      endpoint: record.endpoint,
      started_at: iso(record.startedAt),
      finished_at: iso(record.finishedAt),
      ...(!ready && { messages: record.messages ?? [] }),
    },
  };
}

/** The body every endpoint receives for an event (the Standard Webhooks shape: type, timestamp, data). */
export const payloadOf = (event: WebhookEvent) =>
  JSON.stringify({ type: event.type, timestamp: new Date(event.occurredAt).toISOString(), data: event.data });
