// FunctionInvoker on AWS Lambda: one Lambda per function (`fnquery-<stage>-fn-<shortname>`) on the
// managed runtime its `runtime` maps to (lib/spec/runtimes.ts), with the language's bootstrap added
// to the code, invoked synchronously. Verified only against the SDK's client mock (docs/functions.md).
import { createHash } from 'node:crypto';
import {
  CreateFunctionCommand,
  DeleteFunctionCommand,
  GetFunctionConfigurationCommand,
  InvokeCommand,
  PutFunctionConcurrencyCommand,
  ResourceNotFoundException,
  UpdateFunctionCodeCommand,
  UpdateFunctionConfigurationCommand,
  waitUntilFunctionActiveV2,
  waitUntilFunctionUpdatedV2,
  type LambdaClient,
} from '@aws-sdk/client-lambda';
import { badRequest } from '../errors';
import { readBundle, writeBundle } from '../functions/bundle';
import { functionBadOutput, functionCrashed, functionFailed, functionTimedOut } from '../functions/failures';
import { entryFileOf, familyOf } from '../functions/languages';
import { registryKey, type FunctionInvoker, type FunctionRecord, type FunctionRequest, type InvokeOptions, type InvokeResult } from '../functions/ports';
import { LAMBDA_BOOTSTRAPS, type LambdaBootstrap } from '../functions/runners/lambda';
import { runtimeInfo } from '../spec/index';

export interface LambdaInvokerOptions {
  stage: string;
  /** Execution role of the function Lambdas: CloudWatch Logs only, nothing of the service. */
  roleArn: string;
  timeoutMs: number;
  memoryMb: number;
  /**
   * Concurrent executions reserved for (and capping) each function's Lambda, so one account's function
   * cannot drain the AWS account's concurrency that the service and other functions need.
   */
  reservedConcurrency: number;
  /** Longest wait for a Lambda to become active or updated, in seconds. */
  maxWaitSeconds?: number;
}

const NAME_MAX = 64;

/** Lambda names are at most 64 characters; long shortnames keep a prefix and a hash. */
export function lambdaName(stage: string, shortname: string): string {
  const name = `fnquery-${stage}-fn-${registryKey(shortname)}`;
  if (name.length <= NAME_MAX) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, NAME_MAX - 9)}-${hash}`;
}

const utf8 = new TextEncoder();

export class LambdaInvoker implements FunctionInvoker {
  constructor(
    private readonly lambda: LambdaClient,
    private readonly options: LambdaInvokerOptions,
  ) {}

  /** Hosted Lambdas write to CloudWatch Logs, which the owner reads there. */
  async logs(): Promise<undefined> {
    return undefined;
  }

  async deploy(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    const bootstrap = this.bootstrapFor(fn);
    const files = readBundle(code);
    const entryFile = entryFileOf(files, fn.runtime);
    files.set(bootstrap.fileName, utf8.encode(bootstrap.source));
    const ZipFile = writeBundle(files);
    const FunctionName = lambdaName(this.options.stage, fn.shortname);
    const settings = {
      FunctionName,
      Runtime: runtimeInfo(fn.runtime)!.lambdaRuntime as CreateFunctionCommand['input']['Runtime'],
      Handler: bootstrap.handler,
      Role: this.options.roleArn,
      Timeout: Math.ceil(this.options.timeoutMs / 1000),
      MemorySize: this.options.memoryMb,
      Description: `fnquery function ${fn.shortname} v${fn.version}`,
      // The function's whole environment: which file and method to call, nothing of the service.
      Environment: { Variables: { FNQ_ENTRY_FILE: entryFile, FNQ_ENTRYPOINT: fn.spec.entrypoint } },
    };
    const waiter = { client: this.lambda, maxWaitTime: this.options.maxWaitSeconds ?? 300 };
    if (await this.exists(FunctionName)) {
      await this.lambda.send(new UpdateFunctionCodeCommand({ FunctionName, ZipFile }));
      await waitUntilFunctionUpdatedV2(waiter, { FunctionName });
      await this.lambda.send(new UpdateFunctionConfigurationCommand(settings));
      await waitUntilFunctionUpdatedV2(waiter, { FunctionName });
    } else {
      await this.lambda.send(new CreateFunctionCommand({ ...settings, Code: { ZipFile }, PackageType: 'Zip' }));
      await waitUntilFunctionActiveV2(waiter, { FunctionName });
    }
    await this.lambda.send(new PutFunctionConcurrencyCommand({ FunctionName, ReservedConcurrentExecutions: this.options.reservedConcurrency }));
  }

  async remove(fn: FunctionRecord): Promise<void> {
    try {
      await this.lambda.send(new DeleteFunctionCommand({ FunctionName: lambdaName(this.options.stage, fn.shortname) }));
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException)) throw e;
    }
  }

  async invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult> {
    let out;
    try {
      out = await this.lambda.send(
        new InvokeCommand({ FunctionName: lambdaName(this.options.stage, fn.shortname), InvocationType: 'RequestResponse', Payload: utf8.encode(JSON.stringify(request)) }),
        { abortSignal: options.signal },
      );
    } catch (e) {
      if (e instanceof ResourceNotFoundException) throw functionCrashed(fn.shortname, 'its Lambda does not exist; deploy it again');
      throw e;
    }
    const text = out.Payload ? Buffer.from(out.Payload).toString('utf8') : '';
    if (out.FunctionError) {
      const error = parse(text) as { errorType?: string; errorMessage?: string } | undefined;
      const message = error?.errorMessage ?? text;
      if (/Task timed out/i.test(message)) throw functionTimedOut(fn.shortname, this.options.timeoutMs);
      // Runtime.* errors are the sandbox failing (import error, exit, out of memory), not the user's exception.
      if (error?.errorType?.startsWith('Runtime.')) throw functionCrashed(fn.shortname, `${error.errorType}: ${message}`);
      throw functionFailed(fn.shortname, error?.errorType ? `${error.errorType}: ${message}` : message);
    }
    const reply = parse(text) as { body?: unknown } | undefined;
    if (!reply || typeof reply !== 'object' || !('body' in reply)) throw functionBadOutput(fn.shortname, 'the Lambda bootstrap returned no body');
    return { body: reply.body };
  }

  private bootstrapFor(fn: FunctionRecord): LambdaBootstrap {
    const bootstrap = LAMBDA_BOOTSTRAPS[familyOf(fn.runtime)];
    if (bootstrap) return bootstrap;
    throw badRequest(`${fn.runtime} functions cannot be deployed to AWS Lambda by this service yet`,
      `Use a Node.js, Python or Ruby runtime on AWS (${fn.runtime} runs on the local runtime only; docs/functions.md)`, 'runtime_unavailable');
  }

  private async exists(FunctionName: string): Promise<boolean> {
    try {
      await this.lambda.send(new GetFunctionConfigurationCommand({ FunctionName }));
      return true;
    } catch (e) {
      if (e instanceof ResourceNotFoundException) return false;
      throw e;
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
