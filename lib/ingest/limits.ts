// The numbers of the ingestion pipeline, in one place so the handlers, the worker, the CLI and
// docs/ingest-pipeline.md agree.

/**
 * Through the API: 4 MiB. On AWS a binary body reaches the Lambda base64-encoded inside the event, and
 * Lambda refuses an invocation payload over 6 MB with an error API Gateway answers opaquely; at 4/3
 * growth that bound falls near 4.4 MB of file. Up to 4 MiB (5.6 MB encoded, plus the form and the
 * event's headers) the service answers; from 4 MiB + 1 byte it refuses with the advice to use an
 * upload URL, so a caller never meets the gateway's error.
 */
export const DIRECT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** Lambda's bound on a synchronous invocation's payload (6 MB), which the event of a direct upload must fit. */
export const LAMBDA_PAYLOAD_MAX_BYTES = 6 * 1024 * 1024;

/** Through a presigned upload URL. */
export const SIGNED_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Deliveries of a job before its upload is failed. Equal to the jobs queue's maxReceiveCount
 * (serverless.yml, local/emulators.ts), so the message that used the last one moves to the
 * dead-letter queue just as its record becomes `failed`.
 */
export const RETRY_BUDGET = 5;
