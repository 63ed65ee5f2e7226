// Function hosting: the registry, and the invoker the settings choose.
import { getConfig } from '../config';
import { rootLogger } from '../log';
import { dynamoClient } from '../aws/dynamo-client';
import { lambdaClient } from '../aws/lambda-client';
import { DynamoFunctionRegistry } from '../aws/dynamo-function-registry';
import { LambdaInvoker } from '../aws/lambda-invoker';
import { LocalInvoker } from '../functions/local/local-invoker';
import type { InvokeDeps } from '../functions/invoke';
import type { HostingDeps } from '../functions/manage';
import type { FunctionInvoker, FunctionRegistry } from '../functions/ports';
import { blobs } from './storage';

let registry: FunctionRegistry | undefined;
let invoker: FunctionInvoker | undefined;

export function functionRegistry(): FunctionRegistry {
  const c = getConfig();
  registry ??= new DynamoFunctionRegistry(dynamoClient(c.aws), c.aws.tables.functions);
  return registry;
}

export function functionInvoker(): FunctionInvoker {
  const c = getConfig();
  const s = c.functions;
  invoker ??=
    s.runtime === 'local'
      ? new LocalInvoker({ blobs: blobs(), workDir: s.workDir, memoryMb: s.memoryMb, unsafeLocal: s.unsafeLocal, log: rootLogger() })
      : new LambdaInvoker(lambdaClient(c.aws), { stage: c.stage, roleArn: s.roleArn!, timeoutMs: s.timeoutMs, memoryMb: s.memoryMb, reservedConcurrency: s.reservedConcurrency });
  return invoker;
}

export const hostingDeps = (): Omit<HostingDeps, 'log'> => ({ registry: functionRegistry(), blobs: blobs(), invoker: functionInvoker() });

export const invokeDeps = (): InvokeDeps => ({ registry: functionRegistry(), invoker: functionInvoker(), settings: getConfig().functions });
