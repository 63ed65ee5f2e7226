// The DynamoDB calls of the adapters (dynamo-documents.ts) without the SDK's client: DynamoDB's JSON protocol,
// each request signed with SigV4 (sigv4.ts) and sent over node:https. A cold start's first request that reads
// a table (a 404 of a named thing, a list) or counts its usage would otherwise load the SDK's DynamoDB client
// (226 KB of bundle), build it with its credential chain and send through its middleware stack; this loads
// about 10 KB: this file, the JSON conversion and the signer.
// It answers as the SDK's document client does: the same plain values in and out (dynamo-json.ts), an error
// named as DynamoDB names it, the cancelled transaction's reasons, and the SDK's retry policy for DynamoDB.
// Used where it can sign: an emulator's endpoint, or credentials in the environment (Lambda's role); elsewhere
// (a developer's profile or SSO session) the SDK's client with its full credential chain: docs/decisions.md.
import { memo, type AwsConfig } from './client-cache';
import type { Credentials } from './sigv4';
import { canSignWith, postSigned, signedTarget, signingCredentials, type SignedTarget } from './signed-post';
import { fromAttributes, toAttributes, type AttributeValue, type Item } from './dynamo-json';
import type { DynamoDocuments, Page } from './dynamo-documents';
import { withRetries } from '../retry';
import { traceAwsCall } from './tracing';

type Env = Record<string, string | undefined>;
type Json = Record<string, unknown>;

/** Whether the signed caller can sign here: an emulator's endpoint, or credentials in the environment. */
export const canSign = (aws: AwsConfig, env: Env = process.env) => canSignWith(aws.endpoints.dynamodb, env);

/** As the SDK client (dynamo-client.ts): a call silent this long is stuck, and is sent again. */
const REQUEST_TIMEOUT_MS = 5_000;

// The SDK's policy for DynamoDB (its standard retry strategy as the DynamoDB client configures it): four
// attempts, full-jitter backoff doubling from 25 ms (1 s after throttling), at most 20 s between attempts.
const ATTEMPTS = 4;
const BASE_DELAY_MS = 25;
const THROTTLED_BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 20_000;
const THROTTLING =
  /^(ThrottlingException|ProvisionedThroughputExceededException|RequestLimitExceeded|TooManyRequestsException|Throttling|ThrottledException|RequestThrottled(Exception)?|LimitExceededException|TransactionInProgressException|BandwidthLimitExceeded|PriorRequestNotComplete|SlowDown)$/;
const TRANSIENT_NAMES = /^(TimeoutError|RequestTimeout|RequestTimeoutException)$/;
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const TRANSIENT_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/** DynamoDB's refusal, named as DynamoDB names it (the SDK's exceptions carry the same names). */
export class DynamoError extends Error {
  constructor(
    name: string,
    readonly status: number,
    operation: string,
    /** A cancelled transaction's reasons, in DynamoDB's typed JSON as the SDK leaves them. */
    readonly CancellationReasons?: { Code?: string; Item?: Record<string, AttributeValue> }[],
  ) {
    // Name and status only: DynamoDB's message can quote the request's values, which must not reach a log.
    super(`DynamoDB ${operation} failed: ${status} ${name}`);
    this.name = name;
  }
}

/** The SDK's verdict on an error: the base of its backoff when it would send again, undefined when not. */
function retryBase(e: unknown): number | undefined {
  if (e instanceof DynamoError)
    return THROTTLING.test(e.name) || e.status === 429
      ? THROTTLED_BASE_DELAY_MS
      : TRANSIENT_STATUS.has(e.status) || TRANSIENT_NAMES.test(e.name)
        ? BASE_DELAY_MS
        : undefined;
  const code = (e as { code?: unknown }).code;
  return e instanceof Error && (e.name === 'TimeoutError' || TRANSIENT_SOCKET.has(String(code)))
    ? BASE_DELAY_MS
    : undefined;
}

// The fields of a request that hold plain values (converted to typed JSON) and of an answer that hold typed
// JSON (converted back), as the document client's commands list them for the calls the adapters make.
const MAP_FIELDS = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'];

function toWire(input: object): Json {
  const out: Json = { ...input };
  for (const field of MAP_FIELDS) if (out[field] !== undefined) out[field] = toAttributes(out[field] as Item);
  return out;
}

const itemOf = (a: unknown) => (a === undefined ? undefined : fromAttributes(a as Record<string, AttributeValue>));
const itemsOf = (list: unknown) => (list === undefined ? undefined : (list as Json[]).map((i) => itemOf(i)!));

const page = (out: Json): Page => ({ Items: itemsOf(out.Items) ?? [], LastEvaluatedKey: itemOf(out.LastEvaluatedKey) });

/** Per table, each value of `by` converted with `convert` (BatchGetItem's RequestItems and its answers). */
const perTable = <T>(tables: unknown, convert: (v: unknown) => T): Record<string, T> | undefined =>
  tables === undefined
    ? undefined
    : Object.fromEntries(Object.entries(tables as Json).map(([table, v]) => [table, convert(v)]));

export class SignedDynamo implements DynamoDocuments {
  private readonly target: SignedTarget;
  private readonly region: string;
  private readonly credentials: () => Promise<Credentials>;

  constructor(aws: AwsConfig) {
    const endpoint = aws.endpoints.dynamodb;
    // Kept-alive connections, as the SDK client's.
    this.target = signedTarget({
      service: 'dynamodb',
      region: aws.region,
      endpoint,
      contentType: 'application/x-amz-json-1.0',
      label: 'DynamoDB',
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    this.region = aws.region;
    // Lambda's role credentials from the environment (read per request: cheap, and never stale).
    this.credentials = signingCredentials(endpoint);
  }

  async get(input: object) {
    return { Item: itemOf((await this.call('GetItem', toWire(input))).Item) };
  }

  async query(input: object) {
    return page(await this.call('Query', toWire(input)));
  }

  async scan(input: object) {
    return page(await this.call('Scan', toWire(input)));
  }

  async put(input: object) {
    return { Attributes: itemOf((await this.call('PutItem', toWire(input))).Attributes) };
  }

  async update(input: object) {
    return { Attributes: itemOf((await this.call('UpdateItem', toWire(input))).Attributes) };
  }

  async delete(input: object) {
    return { Attributes: itemOf((await this.call('DeleteItem', toWire(input))).Attributes) };
  }

  async transactWrite(input: { TransactItems?: object[] }) {
    const actions = (input.TransactItems ?? []).map((action) =>
      Object.fromEntries(Object.entries(action).map(([kind, request]) => [kind, toWire(request as object)])),
    );
    return this.call('TransactWriteItems', { ...input, TransactItems: actions });
  }

  async batchGet(input: { RequestItems?: object }) {
    const requests = perTable(input.RequestItems, (r) => {
      const request = r as { Keys?: Item[] };
      return { ...request, Keys: request.Keys?.map((k) => toAttributes(k)) };
    });
    const out = await this.call('BatchGetItem', { ...input, RequestItems: requests });
    return {
      Responses: perTable(out.Responses, itemsOf) as Record<string, Item[]> | undefined,
      UnprocessedKeys: perTable(out.UnprocessedKeys, (u) => ({ ...(u as Json), Keys: itemsOf((u as Json).Keys) })),
    };
  }

  /** One operation, sent again as the SDK would; its answer's JSON, or the error DynamoDB named. */
  private async call(operation: string, input: Json): Promise<Json> {
    const body = JSON.stringify(input);
    let retries = 0;
    const table = typeof input.TableName === 'string' ? input.TableName : undefined;
    const traced = { operation, region: this.region, ...(table && { table_name: table }) };
    return traceAwsCall('DynamoDB', traced, () =>
      withRetries(
        () => this.send(operation, body),
        { maxRetries: ATTEMPTS - 1, baseDelayMs: BASE_DELAY_MS, deadline: Number.POSITIVE_INFINITY },
        (e) => {
          const base = retryBase(e);
          return base === undefined
            ? { retry: false }
            : { retry: true, afterMs: Math.random() * Math.min(base * 2 ** retries++, MAX_DELAY_MS) };
        },
      ),
    );
  }

  private async send(operation: string, body: string): Promise<Json> {
    const { status, text } = await this.post(operation, body);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (status === 200) {
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
        throw new Error(`DynamoDB ${operation} answered 200 with a body that is not a JSON object`);
      return answer as Json;
    }
    const error = (answer ?? {}) as { __type?: unknown; CancellationReasons?: DynamoError['CancellationReasons'] };
    // `com.amazonaws.dynamodb.v20120810#ThrottlingException` → ThrottlingException.
    const type = typeof error.__type === 'string' ? error.__type.slice(error.__type.indexOf('#') + 1) : '';
    throw new DynamoError(
      type || (status >= 500 ? 'InternalServerError' : 'UnknownError'),
      status,
      operation,
      Array.isArray(error.CancellationReasons) ? error.CancellationReasons : undefined,
    );
  }

  private async post(operation: string, body: string): Promise<{ status: number; text: string }> {
    return postSigned(this.target, `DynamoDB_20120810.${operation}`, body, await this.credentials());
  }
}

/** One signed caller per region and endpoint per process, as the SDK clients (client-cache.ts). */
export const signedDynamo = (aws: AwsConfig) =>
  memo(`signed-ddb|${aws.region}|${aws.endpoints.dynamodb ?? ''}`, () => new SignedDynamo(aws));
