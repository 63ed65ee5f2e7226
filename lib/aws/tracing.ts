// X-Ray subsegments for the SDK clients' calls, through Powertools' Tracer (captureAWSv3Client), so a
// trace shows each DynamoDB, S3, SQS and Lambda call of a request. Only where tracing can be on: a
// Lambda whose runtime runs the X-Ray daemon (active tracing sets AWS_XRAY_DAEMON_ADDRESS), not under
// serverless offline, and not switched off with POWERTOOLS_TRACE_ENABLED=false. Elsewhere (npm start,
// tests, benches) the tracer and its X-Ray SDK are never imported, so they cost nothing there, and on
// Lambda they load on the first client a cold start builds, not at module load.
type Env = Record<string, string | undefined>;

export const tracingOn = (env: Env = process.env): boolean =>
  Boolean(env.AWS_LAMBDA_FUNCTION_NAME && env.AWS_XRAY_DAEMON_ADDRESS) &&
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' &&
  !env.IS_OFFLINE;

interface CapturingTracer {
  captureAWSv3Client<T>(client: T): T;
}

let tracer: Promise<CapturingTracer> | undefined;
const captured = new WeakSet<object>();

/** The client, its calls traced when tracing is on; each client is captured once. */
export async function withTracing<T extends object>(client: T, env: Env = process.env): Promise<T> {
  if (!tracingOn(env) || captured.has(client)) return client;
  tracer ??= import('@aws-lambda-powertools/tracer').then(({ Tracer }) => new Tracer({ serviceName: 'fnquery' }));
  (await tracer).captureAWSv3Client(client);
  captured.add(client);
  return client;
}
