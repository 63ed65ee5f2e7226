// X-Ray subsegments for the SDK clients' calls, through Powertools' Tracer (captureAWSv3Client), and for the
// signed DynamoDB caller's (traceAwsCall), so a trace shows each DynamoDB, S3, SQS and Lambda call of a
// request. Only where tracing can be on: a Lambda whose runtime runs the X-Ray daemon (active tracing sets AWS_XRAY_DAEMON_ADDRESS), not under
// serverless offline, and not switched off with POWERTOOLS_TRACE_ENABLED=false. Elsewhere (npm start,
// tests, benches) the tracer and its X-Ray SDK are never imported, so they cost nothing there, and on
// Lambda they load on the first client a cold start builds, not at module load.
type Env = Record<string, string | undefined>;

export const tracingOn = (env: Env = process.env): boolean =>
  Boolean(env.AWS_LAMBDA_FUNCTION_NAME && env.AWS_XRAY_DAEMON_ADDRESS) &&
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' &&
  !env.IS_OFFLINE;

interface Subsegment {
  namespace?: string;
  addAttribute(name: string, data: unknown): void;
  addError(error: Error): void;
  close(): void;
}

interface CapturingTracer {
  captureAWSv3Client<T>(client: T): T;
  getSegment(): { addNewSubsegment(name: string): Subsegment } | undefined;
}

let tracer: Promise<CapturingTracer> | undefined;
const captured = new WeakSet<object>();
const loadTracer = () =>
  (tracer ??= import('@aws-lambda-powertools/tracer').then(({ Tracer }) => new Tracer({ serviceName: 'fnquery' })));

/** The client, its calls traced when tracing is on; each client is captured once. */
export async function withTracing<T extends object>(client: T, env: Env = process.env): Promise<T> {
  if (!tracingOn(env) || captured.has(client)) return client;
  (await loadTracer()).captureAWSv3Client(client);
  captured.add(client);
  return client;
}

/**
 * A call to an AWS service sent without its SDK client (the signed DynamoDB caller), as the subsegment the SDK
 * client's capture makes of it (named after the service, namespace `aws`, the operation and table in `aws`), when
 * tracing is on; `call` as it is otherwise.
 */
export async function traceAwsCall<T>(
  service: string,
  attributes: { operation: string; region: string; table_name?: string },
  call: () => Promise<T>,
  env: Env = process.env,
): Promise<T> {
  if (!tracingOn(env)) return call();
  const parent = (await loadTracer()).getSegment();
  if (!parent) return call();
  const sub = parent.addNewSubsegment(service);
  sub.namespace = 'aws';
  sub.addAttribute('aws', attributes);
  try {
    return await call();
  } catch (e) {
    sub.addError(e as Error);
    throw e;
  } finally {
    sub.close();
  }
}
