// The fnquery TypeScript client: every endpoint, typed, with typed errors.
import { Collections } from './collections';
import { Functions } from './functions';
import { Queries } from './queries';
import { Transport, type ClientOptions } from './transport';
import { Uploads } from './uploads';
import { Usage } from './usage';
import type { JsonResponse } from './wire';
import { Webhooks } from './webhooks';

/**
 * The fnquery client: every endpoint, typed, with typed errors.
 *
 * @example
 * ```ts
 * const fnq = new FnqClient({ url: 'http://localhost:3000', token: 'svcwt-token-from-your-operator' });
 * const { answer } = await fnq.queries.function('What time is it in Tokyo?', 'clock');
 * ```
 */
export class FnqClient {
  readonly queries: Queries;
  readonly uploads: Uploads;
  readonly collections: Collections;
  readonly functions: Functions;
  readonly usage: Usage;
  readonly webhooks: Webhooks;
  private readonly http: Transport;

  /**
   * @param options - The service's URL and your access token; optionally a `fetch` and a timeout (120 s).
   *
   * @example
   * ```ts
   * const fnq = new FnqClient({ url: 'https://api.example.com', token: 'svcwt-token', timeoutMs: 30_000 });
   * ```
   */
  constructor(options: ClientOptions) {
    this.http = new Transport(options);
    this.queries = new Queries(this.http);
    this.uploads = new Uploads(this.http);
    this.collections = new Collections(this.http);
    this.functions = new Functions(this.http);
    this.usage = new Usage(this.http);
    this.webhooks = new Webhooks(this.http);
  }

  /**
   * GET /health (no token needed, but sending it is harmless).
   * @throws FnqConnectionError when the service cannot be reached.
   *
   * @example
   * ```ts
   * const { status, version } = await client.health();
   * ```
   */
  health() {
    return this.http.json<JsonResponse<'/health', 'get'>>('GET', '/health');
  }
}

export {
  FnqConnectionError,
  FnqServiceError,
  FnqRequestInvalidError,
  FnqUnexpectedReplyError,
  FnqDeployFailedError,
  parseProblem,
  type ServiceProblem,
  type RequestViolation,
} from './errors';
export type { ClientOptions } from './transport';
export type { QueryOptions, QueryResponse } from './queries';
export type { UploadStatus, WaitOptions } from './uploads';
export type { CollectionInfo } from './collections';
export type { DeploymentInfo, DeployWaitOptions, FunctionInfo, InvokeRequest, InvokeResponse } from './functions';
export type { UsageReport, UsageRow } from './usage';
export { verifyWebhook, WebhookVerificationError } from './webhooks';
export type { WebhookDelivery, WebhookEndpoint, WebhookEventType, WebhookPayload } from './webhooks';
