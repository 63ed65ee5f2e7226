// POST /function-service/v1/functions — body: the function's zip bundle (spec.json at the top),
// Content-Type application/zip. 201 with the new function, 200 with the new version on redeploy.
import { apiRoute } from '../../lib/api/routes';
import { badRequest, unsupportedMediaType } from '../../lib/errors';
import { deployFunction, functionView, type HostingDeps } from '../../lib/functions/manage';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { hostingDeps } from '../../lib/services/functions';

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/octet-stream']);
const ADVICE = 'Deploy with fnq deploy <dir>, or POST the zipped function directory with Content-Type: application/zip';

export function createDeployHandler(deps: { http: HttpDeps; hosting: Omit<HostingDeps, 'log'> }) {
  return httpHandler(
    apiRoute('POST /function-service/v1/functions'),
    async (req) => {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!ZIP_TYPES.has(type)) throw unsupportedMediaType(`The request has content type "${type || 'none'}"`, ADVICE);
      if (!req.rawBody?.length) throw badRequest('The request has no code bundle', ADVICE, 'body_missing');
      const result = await deployFunction({ ...deps.hosting, log: req.log }, req.principal.account, req.rawBody);
      return {
        status: result.created ? 201 : 200,
        body: { ...functionView(result.record), warnings: result.warnings },
      };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createDeployHandler({ http: httpDeps(), hosting: hostingDeps() }));
