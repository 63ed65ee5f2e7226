// BuildService (lib/functions/build/ports.ts) on AWS CodeBuild: one build per deployment on the
// project of deploy/function-builds.yml, started with the family's buildspec, the bundle in the
// service bucket as its S3 source, the artifact written to a key chosen by the caller, and the
// buildspec's variables. Followed with BatchGetBuilds; a failed build's first lines come from its
// CloudWatch log. AWS calls only; what is built and what a failure means is lib/functions/lambda-builds.ts.
import { BatchGetBuildsCommand, StartBuildCommand, type Build, type CodeBuildClient } from '@aws-sdk/client-codebuild';
import { GetLogEventsCommand, type CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import type { BuildRequest, BuildService, BuildState } from '../functions/build/ports';

/** Lines of a failed build's log kept for its owner: enough for a compiler's first errors. */
const FAILURE_LINES = 12;

export class CodeBuildBuilds implements BuildService {
  constructor(
    private readonly codebuild: CodeBuildClient,
    private readonly logs: CloudWatchLogsClient,
    private readonly settings: { project: string; bucket: string },
  ) {}

  async start(r: BuildRequest): Promise<string> {
    const slash = r.artifactKey.lastIndexOf('/');
    const out = await this.codebuild.send(
      new StartBuildCommand({
        projectName: this.settings.project,
        sourceTypeOverride: 'S3',
        sourceLocationOverride: `${this.settings.bucket}/${r.sourceKey}`,
        buildspecOverride: r.buildspec,
        environmentVariablesOverride: Object.entries(r.environment).map(([name, value]) => ({
          name,
          value,
          type: 'PLAINTEXT',
        })),
        // The artifact's key is the caller's (no build-id folder), so the worker knows where to read it.
        artifactsOverride: {
          type: 'S3',
          location: this.settings.bucket,
          path: r.artifactKey.slice(0, slash),
          name: r.artifactKey.slice(slash + 1),
          namespaceType: 'NONE',
          packaging: 'ZIP',
        },
      }),
    );
    if (!out.build?.id) throw new Error('CodeBuild StartBuild answered without a build id');
    return out.build.id;
  }

  async state(buildId: string): Promise<BuildState> {
    const out = await this.codebuild.send(new BatchGetBuildsCommand({ ids: [buildId] }));
    const build = out.builds?.[0];
    if (!build) throw new Error(`CodeBuild does not know build ${buildId}`);
    switch (build.buildStatus) {
      case 'SUCCEEDED':
        return { status: 'succeeded' };
      case 'IN_PROGRESS':
      case undefined:
        return { status: 'running', phase: build.currentPhase };
      default:
        return { status: 'failed', phase: failedPhase(build), lines: await this.failureLines(build) };
    }
  }

  /** The build's own output (CodeBuild's `[Container]` lines left out), else the failed phase's reason. */
  private async failureLines(build: Build): Promise<string[]> {
    const reasons = (build.phases ?? [])
      .flatMap((p) => p.contexts ?? [])
      .map((c) => c.message)
      .filter((m): m is string => !!m);
    const { groupName, streamName } = build.logs ?? {};
    if (!groupName || !streamName) return reasons.length ? reasons : [`the build ended ${build.buildStatus}`];
    let events;
    try {
      events = await this.logs.send(
        new GetLogEventsCommand({
          logGroupName: groupName,
          logStreamName: streamName,
          startFromHead: true,
          limit: 500,
        }),
      );
    } catch {
      // The build failed either way; without its log the owner still gets the phase's reason.
      return [...reasons, '(the build log could not be read)'];
    }
    const lines = (events.events ?? [])
      .flatMap((e) => (e.message ?? '').split('\n'))
      .map((line) => line.trimEnd())
      .filter((line) => line && !line.startsWith('[Container]'));
    return [...lines.slice(0, FAILURE_LINES), ...reasons];
  }
}

function failedPhase(build: Build): string | undefined {
  return build.phases?.find((p) => p.phaseStatus && p.phaseStatus !== 'SUCCEEDED')?.phaseType ?? build.currentPhase;
}
