// LambdaApi (lib/functions/ports.ts) with the AWS SDK: create or update a function Lambda and wait
// until it is ready, delete it, invoke it synchronously. AWS calls only; what to deploy and what a
// reply means is lib/functions/lambda-invoker.ts. Verified against the SDK's client mock.
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
import {
  CreateLogGroupCommand,
  PutRetentionPolicyCommand,
  ResourceAlreadyExistsException,
  type CloudWatchLogsClient,
} from '@aws-sdk/client-cloudwatch-logs';
import type { LambdaApi, LambdaFunctionSettings, LambdaReply } from '../functions/ports';

export class AwsLambdaApi implements LambdaApi {
  constructor(
    private readonly lambda: LambdaClient,
    /** Sets each function's log-group retention; Lambda itself would create the group with none (kept forever). */
    private readonly logs: CloudWatchLogsClient,
    /** Longest wait for a Lambda to become active or updated, in seconds. */
    private readonly maxWaitSeconds = 300,
  ) {}

  async put(s: LambdaFunctionSettings, zip: Uint8Array): Promise<void> {
    const FunctionName = s.name;
    const settings = {
      FunctionName,
      Runtime: s.runtime as CreateFunctionCommand['input']['Runtime'],
      Handler: s.handler,
      Role: s.roleArn,
      Timeout: s.timeoutSeconds,
      MemorySize: s.memoryMb,
      Description: s.description,
      Environment: { Variables: s.environment },
      Layers: s.layers,
    };
    const waiter = { client: this.lambda, maxWaitTime: this.maxWaitSeconds };
    if (await this.exists(FunctionName)) {
      await this.lambda.send(new UpdateFunctionCodeCommand({ FunctionName, ZipFile: zip }));
      await waitUntilFunctionUpdatedV2(waiter, { FunctionName });
      await this.lambda.send(new UpdateFunctionConfigurationCommand(settings));
      await waitUntilFunctionUpdatedV2(waiter, { FunctionName });
    } else {
      await this.lambda.send(new CreateFunctionCommand({ ...settings, Code: { ZipFile: zip }, PackageType: 'Zip' }));
      await waitUntilFunctionActiveV2(waiter, { FunctionName });
    }
    await this.lambda.send(
      new PutFunctionConcurrencyCommand({ FunctionName, ReservedConcurrentExecutions: s.reservedConcurrency }),
    );
    await this.keepLogsFor(FunctionName, s.logRetentionDays);
  }

  /** The log group Lambda would create on the first call, made now with its retention (again on each deploy: idempotent). */
  private async keepLogsFor(functionName: string, days: number): Promise<void> {
    const logGroupName = `/aws/lambda/${functionName}`;
    try {
      await this.logs.send(new CreateLogGroupCommand({ logGroupName }));
    } catch (e) {
      if (!(e instanceof ResourceAlreadyExistsException)) throw e;
    }
    await this.logs.send(new PutRetentionPolicyCommand({ logGroupName, retentionInDays: days }));
  }

  async remove(name: string): Promise<void> {
    try {
      await this.lambda.send(new DeleteFunctionCommand({ FunctionName: name }));
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException)) throw e;
    }
  }

  async invoke(name: string, payload: Uint8Array, signal?: AbortSignal): Promise<LambdaReply | undefined> {
    try {
      const out = await this.lambda.send(
        new InvokeCommand({ FunctionName: name, InvocationType: 'RequestResponse', Payload: payload }),
        { abortSignal: signal },
      );
      return {
        functionError: out.FunctionError,
        payload: out.Payload ? Buffer.from(out.Payload).toString('utf8') : '',
      };
    } catch (e) {
      if (e instanceof ResourceNotFoundException) return undefined;
      throw e;
    }
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
