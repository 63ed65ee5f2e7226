// The build worker: an SQS batch of deployment ids (lib/functions/build/deployments.ts). Each
// deployment is built, registered and served, or settled `failed` with the build's first lines; a
// settled deployment is acknowledged either way. Only a record that cannot be read or written comes
// back (batchItemFailures), to be delivered again and, past the retry budget, dead-lettered.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { runDeployment, type BuildDeps } from '../../lib/functions/build/deployments';
import { rootLogger, type Logger } from '../../lib/log';
import { lazyHandler } from '../../lib/services/lazy';
import { buildDeps } from '../../lib/services/functions';

function deploymentIdOf(message: SQSRecord): string | undefined {
  try {
    const id = (JSON.parse(message.body) as { deploymentId?: unknown }).deploymentId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function createBuildWorker(deps: { build: Omit<BuildDeps, 'log'>; log: Logger }) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const processor = new BatchProcessor(EventType.SQS);
    const onMessage = async (message: SQSRecord) => {
      const id = deploymentIdOf(message);
      const log = deps.log.child({ messageId: message.messageId });
      // Not ours to build: dropped, with a line a person can follow.
      if (!id) return log.error('unreadable build message');
      await runDeployment({ ...deps.build, log }, id);
    };
    // One build after another: a build may use the machine's cores and memory.
    return processPartialResponse(event, onMessage, processor, {
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  };
}

export const handler = lazyHandler(() => createBuildWorker({ build: buildDeps(), log: rootLogger() }));
