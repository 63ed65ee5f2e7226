// POST /embedder-service/v1/upload-url?collection_name=C&filename=F[&size=N] — a presigned S3 PUT for
// files too large to send through the API, and the upload's status record, queued until the file is
// in. S3's object-created notification then puts the job on the queue.
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { COLLECTION_NAME } from '../../lib/ingest/collection-name';
import { acceptUploadUrl, type IntakeDeps } from '../../lib/ingest/intake';
import { SIGNED_UPLOAD_MAX_BYTES } from '../../lib/ingest/limits';
import { statusView } from '../../lib/ingest/status';
import { httpDeps } from '../../lib/services/core';
import { intakeDeps } from '../../lib/services/ingest';

export function createUploadUrlHandler(deps: () => Omit<IntakeDeps, 'log'>, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    {
      route: 'POST /embedder-service/v1/upload-url',
      body: 'none',
      querySchema: {
        type: 'object',
        required: ['collection_name', 'filename'],
        properties: {
          collection_name: { type: 'string', pattern: COLLECTION_NAME.source },
          filename: { type: 'string', minLength: 1, maxLength: 255 },
          size: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
        },
      },
    },
    async (req) => {
      const size = req.query.size === undefined ? undefined : Number(req.query.size);
      const signed = await acceptUploadUrl({ ...deps(), log: req.log }, req.principal, req.query.collection_name, req.query.filename, size);
      return {
        status: 201,
        body: {
          ...statusView(signed.record),
          upload_url: signed.url,
          upload_method: 'PUT',
          upload_url_expires: new Date(signed.expiresAt).toUTCString(),
          max_bytes: size ?? SIGNED_UPLOAD_MAX_BYTES,
        },
      };
    },
    http,
  );
}

export const handler = createUploadUrlHandler(intakeDeps);
