// A loopback AWS Lambda API (the REST calls lib/aws/lambda-api.ts makes) whose functions run under the
// Runtime Interface Emulator (lambda-rie.ts): CreateFunction unpacks the zip it is given, the first Invoke
// starts the function's runtime like a cold start, later ones reuse it; UpdateFunctionCode or
// UpdateFunctionConfiguration retires the running one. The service's own Lambdas reach it through
// AWS_ENDPOINT_URL_LAMBDA, so a hosted function's deploy and call run the real code end to end.
// It also answers the two CloudWatch Logs calls a deploy makes for the function's log group (CreateLogGroup,
// PutRetentionPolicy; AWS_ENDPOINT_URL_CLOUDWATCH_LOGS), recording each group's retention.
// Each function's Runtime setting picks its runtime interface client (RUNTIME_CLIENTS; a runtime family
// added later adds its entry there or passes its own map). A function's layer (one, e.g. PHP's) is the
// folder the test gives for its ARN, mounted at /opt as Lambda extracts layers there.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runUnderRie, type RieLambda, type RieRuntime } from './lambda-rie';

/** Lambda's managed runtime names, by prefix, and the client that boots them here. */
export const RUNTIME_CLIENTS: [prefix: string, runtime: RieRuntime][] = [
  ['nodejs', 'nodejs'],
  ['python', 'python'],
  ['java', 'java'],
  ['ruby', 'ruby'],
  ['provided', 'provided'],
];

/** The fields of the Lambda API's request bodies this emulates. */
interface LambdaInput {
  FunctionName: string;
  Runtime?: string;
  Handler?: string;
  Environment?: { Variables?: Record<string, string> };
  Timeout?: number;
  MemorySize?: number;
  Code: { ZipFile: string };
  ZipFile: string;
  ReservedConcurrentExecutions?: number;
  Layers?: string[];
}

interface HostedFunction {
  name: string;
  runtime: string;
  handler: string;
  env: Record<string, string>;
  timeout: number;
  memory: number;
  zip: string;
  reserved?: number;
  layers: string[];
  running?: Promise<RieLambda>;
}

export interface RieLambdaService {
  url: string;
  port: number;
  functions: Map<string, HostedFunction>;
  /** Cold starts so far, by function name. */
  coldStarts: Map<string, number>;
  /** Log groups created through the CloudWatch Logs calls, with their retention in days once set. */
  logGroups: Map<string, number | undefined>;
  stop(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

export async function startRieLambdaService(
  clients: [string, RieRuntime][] = RUNTIME_CLIENTS,
  /** Layer ARN → the folder that stands for its content. */
  layerFolders: Record<string, string> = {},
): Promise<RieLambdaService> {
  const dir = mkdtempSync(join(tmpdir(), 'fnq-lambda-api-'));
  const functions = new Map<string, HostedFunction>();
  const coldStarts = new Map<string, number>();
  const logGroups = new Map<string, number | undefined>();

  const send = (res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };
  const notFound = (res: ServerResponse, name: string) =>
    send(
      res,
      404,
      { Type: 'User', Message: `Function not found: ${name}` },
      {
        'x-amzn-errortype': 'ResourceNotFoundException',
      },
    );
  const configuration = (fn: HostedFunction) => ({
    FunctionName: fn.name,
    FunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${fn.name}`,
    Runtime: fn.runtime,
    Handler: fn.handler,
    Timeout: fn.timeout,
    MemorySize: fn.memory,
    Environment: { Variables: fn.env },
    State: 'Active',
    LastUpdateStatus: 'Successful',
    PackageType: 'Zip',
    Layers: fn.layers.map((Arn) => ({ Arn })),
  });
  const retire = async (fn: HostedFunction) => {
    const running = fn.running;
    fn.running = undefined;
    if (running) await (await running).stop();
  };
  const start = (fn: HostedFunction) => {
    const runtime = clients.find(([prefix]) => fn.runtime.startsWith(prefix))?.[1];
    if (!runtime) throw new Error(`no runtime interface client for ${fn.runtime}`);
    coldStarts.set(fn.name, (coldStarts.get(fn.name) ?? 0) + 1);
    const unknown = fn.layers.find((arn) => !layerFolders[arn]);
    if (unknown || fn.layers.length > 1) throw new Error(`layers not emulated: ${fn.layers.join(', ')}`);
    return runUnderRie({
      ...(fn.layers[0] && { opt: layerFolders[fn.layers[0]] }),
      code: fn.zip,
      handler: fn.handler,
      runtime,
      env: fn.env,
      timeoutSeconds: fn.timeout,
      memoryMb: fn.memory,
      functionName: fn.name,
    });
  };
  const writeZip = (name: string, base64: string) => {
    const path = join(dir, `${name}-${Date.now()}.zip`);
    writeFileSync(path, Buffer.from(base64, 'base64'));
    return path;
  };

  /** CloudWatch Logs (AWS JSON 1.1): only what a deploy sends. */
  async function logs(target: string, req: IncomingMessage, res: ServerResponse) {
    const input = JSON.parse((await body(req)) || '{}') as { logGroupName: string; retentionInDays?: number };
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(payload));
    };
    if (target === 'CreateLogGroup') {
      if (logGroups.has(input.logGroupName)) return reply(400, { __type: 'ResourceAlreadyExistsException' });
      logGroups.set(input.logGroupName, undefined);
      return reply(200, {});
    }
    if (target === 'PutRetentionPolicy' && logGroups.has(input.logGroupName)) {
      logGroups.set(input.logGroupName, input.retentionInDays);
      return reply(200, {});
    }
    reply(400, { __type: 'ResourceNotFoundException', message: `not emulated or no such group: ${target}` });
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target.startsWith('Logs_20140328.')) return logs(target.slice('Logs_20140328.'.length), req, res);
    const url = new URL(req.url ?? '/', 'http://lambda');
    const [, version, , name, action] = url.pathname.split('/').map(decodeURIComponent);
    const fn = name ? functions.get(name) : undefined;
    const input =
      req.method === 'GET' || req.method === 'DELETE'
        ? ({} as LambdaInput)
        : (JSON.parse((await body(req)) || '{}') as LambdaInput);

    if (req.method === 'POST' && !name) {
      const created: HostedFunction = {
        name: input.FunctionName,
        runtime: input.Runtime ?? '',
        handler: input.Handler ?? '',
        env: input.Environment?.Variables ?? {},
        timeout: input.Timeout ?? 3,
        memory: input.MemorySize ?? 128,
        zip: writeZip(input.FunctionName, input.Code.ZipFile),
        layers: input.Layers ?? [],
      };
      if (functions.has(created.name))
        return send(
          res,
          409,
          { Message: 'Function already exist' },
          { 'x-amzn-errortype': 'ResourceConflictException' },
        );
      functions.set(created.name, created);
      return send(res, 201, configuration(created));
    }
    if (!fn) return notFound(res, name ?? '');
    if (version === '2017-10-31' && action === 'concurrency') {
      fn.reserved = input.ReservedConcurrentExecutions;
      return send(res, 200, { ReservedConcurrentExecutions: fn.reserved });
    }
    switch (`${req.method} ${action ?? ''}`) {
      case 'GET ':
        return send(res, 200, { Configuration: configuration(fn), Code: { RepositoryType: 'S3' } });
      case 'GET configuration':
        return send(res, 200, configuration(fn));
      case 'PUT code':
        await retire(fn);
        fn.zip = writeZip(fn.name, input.ZipFile);
        return send(res, 200, configuration(fn));
      case 'PUT configuration':
        await retire(fn);
        Object.assign(fn, {
          runtime: input.Runtime ?? fn.runtime,
          handler: input.Handler ?? fn.handler,
          env: input.Environment?.Variables ?? fn.env,
          timeout: input.Timeout ?? fn.timeout,
          memory: input.MemorySize ?? fn.memory,
          layers: input.Layers ?? fn.layers,
        });
        return send(res, 200, configuration(fn));
      case 'DELETE ':
        await retire(fn);
        functions.delete(fn.name);
        return send(res, 204, '');
      case 'POST invocations': {
        fn.running ??= start(fn);
        const reply = await (await fn.running).invoke(input);
        return send(
          res,
          200,
          JSON.stringify(reply.payload),
          reply.functionError ? { 'x-amz-function-error': 'Unhandled' } : {},
        );
      }
    }
    send(res, 400, { Message: `not emulated: ${req.method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) =>
      send(res, 500, { Message: String(error) }, { 'x-amzn-errortype': 'ServiceException' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    functions,
    coldStarts,
    logGroups,
    async stop() {
      await Promise.all([...functions.values()].map(retire));
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
