// POST /embedder-service/v1/upload-url?collection_name=C&filename=F[&size=N] — a presigned S3 PUT for
// files too large to send through the API, and the upload's status record, queued until the file is
// in. S3's object-created notification then puts the job on the queue.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { acceptUploadUrl, type IntakeDeps } from '../../lib/ingest/intake';
import { SIGNED_UPLOAD_MAX_BYTES } from '../../lib/ingest/limits';
import { statusView } from '../../lib/ingest/status';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { intakeDeps } from '../../lib/services/ingest';

export function createUploadUrlHandler(deps: { http: HttpDeps; intake: Omit<IntakeDeps, 'log'> }) {
  return httpHandler(
    apiRoute('POST /embedder-service/v1/upload-url'),
    async (req) => {
      const size = req.query.size === undefined ? undefined : Number(req.query.size);
      const signed = await acceptUploadUrl(
        { ...deps.intake, log: req.log },
        req.principal,
        req.query.collection_name,
        req.query.filename,
        size,
      );
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
    deps.http,
  );
}

export const handler = lazyHandler(() => createUploadUrlHandler({ http: httpDeps(), intake: intakeDeps() }));
