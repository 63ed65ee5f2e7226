// Function hosting: the registry, and the invoker the settings choose, each loaded on first use.
import { getConfig } from '../config';
import { rootLogger } from '../log';
import type { InvokeDeps } from '../functions/invoke';
import type { HostingDeps } from '../functions/manage';
import type { FunctionInvoker, FunctionRegistry } from '../functions/ports';
import { dynamo } from './core';
import { onFirstUse } from './lazy';
import { blobs } from './storage';

let registry: FunctionRegistry | undefined;
let invoker: FunctionInvoker | undefined;

export function functionRegistry(): FunctionRegistry {
  const c = getConfig();
  registry ??= onFirstUse(
    async () =>
      new (await import('../aws/dynamo-function-registry')).DynamoFunctionRegistry(
        await dynamo(),
        c.aws.tables.functions,
        (await import('../functions/catalog-entry')).catalogEntry,
      ),
  );
  return registry;
}

async function loadInvoker(): Promise<FunctionInvoker> {
  const c = getConfig();
  const s = c.functions;
  if (s.runtime === 'local') {
    const { ProcessInvoker } = await import('../functions/process-runtime/process-invoker');
    return new ProcessInvoker({
      blobs: blobs(),
      workDir: s.workDir,
      memoryMb: s.memoryMb,
      unsafeLocal: s.unsafeLocal,
      log: rootLogger(),
    });
  }
  const [{ LambdaInvoker }, { AwsLambdaApi }, { lambdaClient }] = await Promise.all([
    import('../functions/lambda-invoker'),
    import('../aws/lambda-api'),
    import('../aws/lambda-client'),
  ]);
  return new LambdaInvoker(new AwsLambdaApi(lambdaClient(c.aws)), {
    stage: c.stage,
    roleArn: s.roleArn!,
    timeoutMs: s.timeoutMs,
    memoryMb: s.memoryMb,
    reservedConcurrency: s.reservedConcurrency,
  });
}

export function functionInvoker(): FunctionInvoker {
  invoker ??= onFirstUse(loadInvoker);
  return invoker;
}

export const hostingDeps = (): Omit<HostingDeps, 'log'> => ({
  registry: functionRegistry(),
  blobs: blobs(),
  invoker: functionInvoker(),
});

export const invokeDeps = (): InvokeDeps => ({
  registry: functionRegistry(),
  invoker: functionInvoker(),
  settings: getConfig().functions,
});
