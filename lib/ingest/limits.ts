// The numbers of the ingestion pipeline, in one place so the handlers, the worker, the CLI and
// docs/ingest-pipeline.md agree.

/** Through the API: API Gateway and Lambda bound request payloads, so bigger files use an upload URL. */
export const DIRECT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Through a presigned upload URL. */
export const SIGNED_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Deliveries of a job before its upload is failed. Equal to the jobs queue's maxReceiveCount
 * (serverless.yml, local/emulators.ts), so the message that used the last one moves to the
 * dead-letter queue just as its record becomes `failed`.
 */
export const RETRY_BUDGET = 5;
