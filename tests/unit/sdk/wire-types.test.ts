// The SDK's wire types are aliases of types generated from the service's OpenAPI document
// (tools/generate/sdk-types.ts); generated-current.test.ts keeps that file current. Here: the aliases
// resolve to real shapes (a broken lookup would silently be `never`), and what the SDK sends is the
// very type the service derives from the schema it validates with.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RouteBody } from '../../../lib/http/handler';
import type { RouteTable } from '../../../lib/api/routes';
import type {
  CollectionInfo,
  DeploymentInfo,
  FunctionInfo,
  QueryResponse,
  UploadStatus,
  UsageRow,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../sdk/index';
import { serviceOpenApi } from '../../../lib/api/openapi';
import type { JsonRequest, QueryParams } from '../../../sdk/wire';
import type { EventType } from '../../../lib/webhooks/events';

type ServerBody<N extends keyof RouteTable> = RouteBody<RouteTable[N]>;

describe('SDK wire types', () => {
  it('describe the answers field by field', () => {
    expectTypeOf<QueryResponse>().toEqualTypeOf<{
      answer: string;
      query: string;
      spanId: string;
      messages: string[] | null;
    }>();
    expectTypeOf<UploadStatus['status']>().toEqualTypeOf<
      'queued' | 'processing' | 'completed' | 'failed' | 'deleting'
    >();
    expectTypeOf<UploadStatus['upload_completed']>().toEqualTypeOf<string | null>();
    expectTypeOf<DeploymentInfo['status']>().toEqualTypeOf<'queued' | 'building' | 'ready' | 'failed'>();
    expectTypeOf<DeploymentInfo['messages']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<WebhookEventType>().toEqualTypeOf<EventType>();
    expectTypeOf<WebhookEndpoint['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<WebhookDelivery['attempts'][number]['status_code']>().toEqualTypeOf<number | null>();
    expectTypeOf<CollectionInfo>().toEqualTypeOf<{
      name: string;
      documents: number;
      chunks: number;
      embedder: string;
    }>();
    expectTypeOf<FunctionInfo['version']>().toEqualTypeOf<number>();
    expectTypeOf<FunctionInfo['lambdaRuntime']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UsageRow>().toEqualTypeOf<{
      day: string;
      endpoint: string;
      calls: number;
      errors: number;
      durationMs: number;
      aiTokens: number;
    }>();
  });

  it('send the body each route validates, as the service types it', () => {
    expectTypeOf<JsonRequest<'/query-service/v1/rdbms', 'post'>>().toEqualTypeOf<
      ServerBody<'POST /query-service/v1/rdbms'>
    >();
    expectTypeOf<JsonRequest<'/query-service/v1/vectordb', 'post'>>().toEqualTypeOf<
      ServerBody<'POST /query-service/v1/vectordb'>
    >();
    expectTypeOf<JsonRequest<'/query-service/v1/function', 'post'>>().toEqualTypeOf<
      ServerBody<'POST /query-service/v1/function'>
    >();
    expectTypeOf<JsonRequest<'/webhooks-service/v1/endpoints', 'post'>>().toEqualTypeOf<
      ServerBody<'POST /webhooks-service/v1/endpoints'>
    >();
    expectTypeOf<QueryParams<'/embedder-service/v1/status', 'get'>>().toEqualTypeOf<{ upload_id: string }>();
  });

  it('come from the document the service publishes, which names every route the SDK calls', () => {
    const paths = Object.keys(serviceOpenApi('0.0.0').paths as object);
    for (const path of [
      '/query-service/v1/rdbms',
      '/embedder-service/v1/status',
      '/function-service/v1/deployments/{id}',
      '/webhooks-service/v1/endpoints/{id}/deliveries',
    ])
      expect(paths).toContain(path);
  });
});
