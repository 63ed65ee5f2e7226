// FunctionInvoker on AWS Lambda: one Lambda per function (`fnquery-<stage>-fn-<shortname>`) on the
// runtime its `runtime` maps to (lib/spec/runtimes.ts), invoked synchronously. A bundle that needs a
// build (compiled languages, dependencies) is built by the build service first (lambda-builds.ts);
// the family's handler comes with the artifact or is added to the bundle (runners/lambda.ts). The
// AWS calls are the LambdaApi port's (lib/aws/lambda-api.ts); what is deployed and what a reply
// means is decided here.
import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import { runtimeInfo } from '../spec/index';
import { readBundle, writeBundle } from './bundle';
import { functionBadOutput, functionCrashed, functionFailed, functionTimedOut } from './failures';
import { entryFileOf, familyOf } from './languages';
import { buildOnAws, needsBuild, takeArtifact, type LambdaBuildSettings } from './lambda-builds';
import {
  registryKey,
  type FunctionInvoker,
  type FunctionRecord,
  type FunctionRequest,
  type InvokeOptions,
  type InvokeResult,
  type LambdaApi,
} from './ports';
import { LAMBDA_PACKAGING } from './runners/lambda';

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
  /** Days CloudWatch keeps each function's log group. */
  logRetentionDays: number;
  /** The build service and the bucket it works in; without it only bundles that need no build deploy. */
  builds?: LambdaBuildSettings;
  /** ARN of the operator's layer with PHP at /opt/bin/php (FNQ_FUNCTIONS_PHP_LAYER_ARN); PHP is refused without it. */
  phpLayerArn?: string;
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
    private readonly lambda: LambdaApi,
    private readonly options: LambdaInvokerOptions,
  ) {}

  /** Hosted Lambdas write to CloudWatch Logs, which the owner reads there. */
  async logs(): Promise<undefined> {
    return undefined;
  }

  /** Builds what needs a build (the version in service keeps answering); refuses what cannot run here. */
  async build(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    const files = readBundle(code);
    this.refuseUnrunnable(fn, files);
    if (needsBuild(fn, files)) await buildOnAws(this.options.builds!, fn, files);
  }

  async deploy(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    const files = readBundle(code);
    this.refuseUnrunnable(fn, files);
    const packaging = LAMBDA_PACKAGING[familyOf(fn.runtime)];
    const entryFile = entryFileOf(files, fn.runtime);
    let zip: Uint8Array;
    if (needsBuild(fn, files)) zip = await takeArtifact(this.options.builds!, fn);
    else {
      if (packaging.artifact) files.set(packaging.artifact.fileName, utf8.encode(packaging.artifact.source));
      zip = writeBundle(files);
    }
    await this.lambda.put(
      {
        name: lambdaName(this.options.stage, fn.shortname),
        runtime: runtimeInfo(fn.runtime)!.lambdaRuntime,
        handler: packaging.handler,
        roleArn: this.options.roleArn,
        timeoutSeconds: Math.ceil(this.options.timeoutMs / 1000),
        memoryMb: this.options.memoryMb,
        description: `fnquery function ${fn.shortname} v${fn.version}`,
        // The function's whole environment: which file and method to call, nothing of the service.
        environment: { FNQ_ENTRY_FILE: entryFile, FNQ_ENTRYPOINT: fn.spec.entrypoint },
        reservedConcurrency: this.options.reservedConcurrency,
        logRetentionDays: this.options.logRetentionDays,
        layers: packaging.needsPhpLayer ? [this.options.phpLayerArn!] : [],
      },
      zip,
    );
  }

  async remove(fn: FunctionRecord): Promise<void> {
    await this.lambda.remove(lambdaName(this.options.stage, fn.shortname));
  }

  async invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult> {
    const out = await this.lambda.invoke(
      lambdaName(this.options.stage, fn.shortname),
      utf8.encode(JSON.stringify(request)),
      options.signal,
    );
    if (!out) throw functionCrashed(fn.shortname, 'its Lambda does not exist; deploy it again');
    if (out.functionError) {
      const error = parse(out.payload) as { errorType?: string; errorMessage?: string } | undefined;
      const message = error?.errorMessage ?? out.payload;
      if (/Task timed out/i.test(message)) throw functionTimedOut(fn.shortname, this.options.timeoutMs);
      // Runtime.* errors are the sandbox failing (import error, exit, out of memory), not the user's exception.
      if (error?.errorType?.startsWith('Runtime.'))
        throw functionCrashed(fn.shortname, `${error.errorType}: ${message}`);
      throw functionFailed(fn.shortname, error?.errorType ? `${error.errorType}: ${message}` : message);
    }
    const reply = parse(out.payload) as { body?: unknown } | undefined;
    if (!reply || typeof reply !== 'object' || !('body' in reply))
      throw functionBadOutput(fn.shortname, 'the Lambda bootstrap returned no body');
    return { body: reply.body };
  }

  private refuseUnrunnable(fn: FunctionRecord, files: ReadonlyMap<string, unknown>): void {
    if (LAMBDA_PACKAGING[familyOf(fn.runtime)].needsPhpLayer && !this.options.phpLayerArn)
      throw badRequest(
        `${fn.runtime} functions cannot be deployed here: this service has no PHP layer for Lambda's OS-only runtime`,
        'Ask the operator to publish the PHP layer and set FNQ_FUNCTIONS_PHP_LAYER_ARN (docs/functions.md), or use another runtime',
        'runtime_unavailable',
      );
    if (needsBuild(fn, files) && !this.options.builds)
      throw badRequest(
        `${fn.runtime} functions with a build step (compiled code, or dependencies to install) cannot be deployed here: this service has no build project`,
        'Ask the operator to set FNQ_FUNCTION_BUILDS_PROJECT (serverless.yml does it for deployed stages), or deploy code that needs no build',
        'runtime_unavailable',
      );
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
