// POST /embedder-service/v1/upload?collection_name=C — multipart part `file`, or JSON
// `{filename, data: base64}`; 202 with the queued
// status record. The embed worker does the rest (docs/ingest-pipeline.md).
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { readBase64File } from '../../lib/wire/base64-file';
import { readMultipartFile } from '../../lib/wire/multipart';
import { requestMediaType } from '../../lib/wire/request';
import { acceptUpload, type IntakeDeps } from '../../lib/ingest/intake';
import { DIRECT_UPLOAD_MAX_BYTES, SIGNED_UPLOAD_MAX_BYTES } from '../../lib/ingest/limits';
import { statusView } from '../../lib/ingest/status';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { intakeDeps } from '../../lib/services/ingest';

const TOO_LARGE_ADVICE =
  `Upload files over ${DIRECT_UPLOAD_MAX_BYTES / 2 ** 20} MiB through POST /embedder-service/v1/upload-url?collection_name=…&filename=…, ` +
  `which returns a URL to PUT the file to (up to ${SIGNED_UPLOAD_MAX_BYTES / 2 ** 20} MiB); fnq upload does this by itself`;

export function createUploadHandler(deps: { http: HttpDeps; intake: Omit<IntakeDeps, 'log'> }) {
  return httpHandler(
    apiRoute('POST /embedder-service/v1/upload'),
    async (req) => {
      const limits = { maxBytes: DIRECT_UPLOAD_MAX_BYTES, tooLargeAdvice: TOO_LARGE_ADVICE };
      const file =
        requestMediaType(req) === 'application/json'
          ? readBase64File(req, limits)
          : await readMultipartFile(req, { field: 'file', ...limits });
      const record = await acceptUpload(
        { ...deps.intake, log: req.log },
        req.principal,
        req.query.collection_name,
        file,
      );
      return { status: 202, body: statusView(record) };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createUploadHandler({ http: httpDeps(), intake: intakeDeps() }));
