// Names for the parts of the generated wire types (generated/openapi.ts, made from the service's own
// OpenAPI document) that the SDK speaks: the JSON each route takes and answers, and its query
// parameters. The SDK's public types are aliases of these wherever they describe the wire.
import type { paths } from './generated/openapi';

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body route `M P` takes. */
export type JsonRequest<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON route `M P` answers with `status` (200 unless given). */
export type JsonResponse<P extends keyof paths, M extends Method, S extends number = 200> =
  Operation<P, M> extends { responses: { [K in S]: { content: { 'application/json': infer R } } } } ? R : never;

/** The query parameters route `M P` takes. */
export type QueryParams<P extends keyof paths, M extends Method> = NonNullable<Operation<P, M>['parameters']['query']>;

export type { components } from './generated/openapi';
