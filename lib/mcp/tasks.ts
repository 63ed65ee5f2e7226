// MCP tasks over the service's own records. A task is never stored: its id names the deployment
// record or upload record a job tool created (`deployment.<id>`, `upload.<id>`), and every read
// goes to that record through the REST routes' readers, which answer only the owning account. So
// any Lambda container answers any task, and another account's task id is a task that does not exist.
import { isServiceError } from '../errors';
import { deploymentView, readDeployment } from '../functions/build/deployments';
import type { DeploymentRecord, DeploymentStore } from '../functions/build/ports';
import { effectiveState, statusView, type StatusStore, type UploadRecord } from '../ingest/status';
import type { StartedJob } from './job-tools';
import { invalidParams } from './protocol';
import { toolResult, type ToolResult } from './tool-result';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** 2025-11-25's key for the task a result belongs to. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** Builds take seconds to minutes, uploads about as long: every two seconds is often enough. */
export const POLL_INTERVAL_MS = 2000;

export type TaskStatus = 'working' | 'completed';

/** What both revisions show of a task, in neutral form; each era names the fields its own way. */
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** The tool's result, once the work has ended. */
  result?: ToolResult;
}

export interface TaskReadDeps {
  deployments: DeploymentStore;
  statuses: Pick<StatusStore, 'get'>;
}

const SEPARATOR = '.';

export const taskIdOf = (job: StartedJob) => `${job.kind}${SEPARATOR}${job.id}`;

/** The record a task id names; undefined when it names none (the caller's answer is "no such task"). */
export function jobOf(taskId: string): StartedJob | undefined {
  const at = taskId.indexOf(SEPARATOR);
  const kind = taskId.slice(0, at);
  const id = taskId.slice(at + 1);
  if (at < 0 || !id || id.length > 128) return undefined;
  return kind === 'deployment' || kind === 'upload' ? { kind, id } : undefined;
}

export const taskNotFound = (taskId: unknown, status = 200) =>
  invalidParams(
    `There is no task ${JSON.stringify(typeof taskId === 'string' ? taskId.slice(0, 160) : taskId)}`,
    'Use the taskId that tools/call answered with, with the same token',
    status,
  );

/** The caller's task as it stands now; a task of another account, or none, is not found. */
export async function readTask(deps: TaskReadDeps, account: string, taskId: unknown): Promise<TaskState> {
  const job = typeof taskId === 'string' ? jobOf(taskId) : undefined;
  if (!job) throw taskNotFound(taskId);
  if (job.kind === 'deployment') {
    let record: DeploymentRecord;
    try {
      record = await readDeployment(deps, account, job.id);
    } catch (e) {
      if (isServiceError(e) && e.status === 404) throw taskNotFound(taskId);
      throw e;
    }
    return deploymentTask(record);
  }
  const record = await deps.statuses.get(account, job.id);
  if (!record) throw taskNotFound(taskId);
  return uploadTask(record);
}

const iso = (ms: number) => new Date(ms).toISOString();

export function deploymentTask(r: DeploymentRecord): TaskState {
  const view = deploymentView(r);
  const base = {
    taskId: taskIdOf({ kind: 'deployment', id: r.id }),
    createdAt: iso(r.createdAt),
    lastUpdatedAt: iso(r.updatedAt),
  };
  const name = `${r.shortname} v${r.version}`;
  switch (r.status) {
    case 'queued':
      return { ...base, status: 'working', statusMessage: `${name}: queued for the build worker` };
    case 'building':
      return { ...base, status: 'working', statusMessage: `${name}: ${r.step ?? 'building'}` };
    case 'ready':
      return {
        ...base,
        status: 'completed',
        statusMessage: `${name} is ready at ${r.endpoint}`,
        result: toolResult(view),
      };
    case 'failed':
      // A failed build is the tool's failure, not the protocol's: completed, with a tool error.
      return {
        ...base,
        status: 'completed',
        statusMessage: `${name} failed to build; the version in service (if any) keeps serving`,
        result: failedResult(view, r.messages ?? []),
      };
  }
}

export function uploadTask(r: UploadRecord, now = Date.now()): TaskState {
  const view = statusView(r, now);
  const { state, error, completedAt } = effectiveState(r, now);
  const base = {
    taskId: taskIdOf({ kind: 'upload', id: r.uploadId }),
    createdAt: iso(r.startedAt),
    lastUpdatedAt: iso(completedAt ?? r.startedAt),
  };
  switch (state) {
    case 'queued':
      return { ...base, status: 'working', statusMessage: `${r.filename}: queued for the embedder` };
    case 'processing':
      return {
        ...base,
        status: 'working',
        statusMessage: r.totalChunks
          ? `${r.filename}: ${r.embeddedChunks} of ${r.totalChunks} chunks embedded`
          : `${r.filename}: reading the document`,
      };
    case 'completed':
      return {
        ...base,
        status: 'completed',
        statusMessage: `${r.filename}: ${r.embeddedChunks} chunks in ${r.collection}, searchable now`,
        result: toolResult(view),
      };
    case 'failed':
    case 'deleting':
      return {
        ...base,
        status: 'completed',
        statusMessage: `${r.filename}: ${state === 'failed' ? 'failed' : 'being deleted'}`,
        result: failedResult(view, [
          error ?? 'ISSUE: The upload is being deleted. ADVICE: Upload the document again if you still need it.',
        ]),
      };
  }
}

/** A tool error that keeps the record beside the ISSUE/ADVICE lines. */
const failedResult = (view: Record<string, unknown>, lines: string[]): ToolResult => ({
  content: [{ type: 'text', text: lines.join('\n') || 'ISSUE: The work failed. ADVICE: Try again.' }],
  structuredContent: view,
  isError: true,
});

/** The tool result for a client that cannot follow a task: the record as created, and where to follow it. */
export function plainStartResult(job: StartedJob, view: Record<string, unknown>): ToolResult {
  const follow =
    job.kind === 'deployment'
      ? `Deployment ${job.id} is queued. Follow it with GET /function-service/v1/deployments/${job.id} (or fnq status) until status is ready or failed.`
      : `Upload ${job.id} is queued. Follow it with GET /embedder-service/v1/status?upload_id=${job.id} until status is completed or failed.`;
  return { content: [{ type: 'text', text: `${follow}\n${JSON.stringify(view)}` }], structuredContent: view };
}

/** 2026-07-28's Task (with the result inlined once completed); `resultType` is the caller's to set. */
export function modernTask(t: TaskState) {
  return {
    taskId: t.taskId,
    status: t.status,
    statusMessage: t.statusMessage,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    // Records are kept until their owner deletes them: no expiry to announce.
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
    ...(t.result && { result: t.result }),
  };
}

/** 2025-11-25's Task (the result is fetched separately, with tasks/result). */
export function legacyTask(t: TaskState) {
  return {
    taskId: t.taskId,
    status: t.status,
    statusMessage: t.statusMessage,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: null,
    pollInterval: POLL_INTERVAL_MS,
  };
}
