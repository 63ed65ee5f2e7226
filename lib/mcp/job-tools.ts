// The two tools that start work which outlives the request: fnq_deploy_function (a function
// bundle, as POST /function-service/v1/functions) and fnq_upload_document (a document, as POST
// /embedder-service/v1/upload). Each calls the REST route's own service function and returns the
// record it created; following that record to its end is tasks.ts's part.
import { isServiceError } from '../errors';
import { deploymentView, submitDeployment, type SubmitDeps } from '../functions/build/deployments';
import { BUNDLE_MAX_BYTES } from '../functions/bundle';
import { acceptUpload, type IntakeDeps, type Uploader } from '../ingest/intake';
import { DIRECT_UPLOAD_MAX_BYTES } from '../ingest/limits';
import { statusView } from '../ingest/status';
import type { Logger } from '../log';
import { MAX_JSON_BODY_BYTES } from '../wire/body';
import { decodeBase64 } from '../wire/base64-file';
import { DEPLOY_INPUT, UPLOAD_INPUT, type DeployArgs, type UploadArgs } from './tool-inputs';
import { DEPLOY_FUNCTION, UPLOAD_DOCUMENT } from './tool-names';
import { argumentsRefused, toolError, argsCheck, type McpTool, type ToolResult } from './tool-result';
import { validate as deployValidator } from './validators/fnq-deploy-function.generated';
import { validate as uploadValidator } from './validators/fnq-upload-document.generated';

export interface JobToolDeps {
  submit: Omit<SubmitDeps, 'log'>;
  intake: Omit<IntakeDeps, 'log'>;
}

/** A record a job tool created: which kind, and its id (the task id is made from both). */
export type StartedJob = { kind: 'deployment'; id: string } | { kind: 'upload'; id: string };

/**
 * A whole MCP message is at most MAX_JSON_BODY_BYTES, and base64 takes 4 bytes per 3: files a
 * tool can carry are about 3/4 of a MiB. Larger ones go through REST or the CLI, which the error says.
 */
const MESSAGE_FILE_MAX_BYTES = Math.floor((MAX_JSON_BODY_BYTES * 3) / 4) - 4096;
const BUNDLE_MAX = Math.min(BUNDLE_MAX_BYTES, MESSAGE_FILE_MAX_BYTES);
const DOCUMENT_MAX = Math.min(DIRECT_UPLOAD_MAX_BYTES, MESSAGE_FILE_MAX_BYTES);

/** Deploying and uploading change the service, and calling again deploys or uploads again. */
const startsWork = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Both may run past one request: clients that can follow a task get one (2025-11-25's tool field). */
const execution = { taskSupport: 'optional' };

export type { DeployArgs, UploadArgs };

const TOOLS: (McpTool & { execution: typeof execution })[] = [
  {
    name: DEPLOY_FUNCTION,
    title: 'Deploy a function',
    description:
      'Deploys a hosted function from its zipped directory (spec.json at the top), as fnq deploy does. The build ' +
      `runs after the call; clients with MCP tasks follow it to the end. Bundles up to ${BUNDLE_MAX} bytes; ` +
      'larger ones with fnq deploy.',
    inputSchema: DEPLOY_INPUT,
    annotations: { ...startsWork, destructiveHint: true },
    execution,
  },
  {
    name: UPLOAD_DOCUMENT,
    title: 'Upload a document',
    description:
      'Adds a document to one of your collections (PDF, Word, HTML, Markdown, text, CSV, JSON, …) for ' +
      'search_collection and ask_collection. Embedding runs after the call; clients with MCP tasks follow it ' +
      `to the end. Send text, or any file as content_base64; up to ${DOCUMENT_MAX} bytes, larger ones with fnq upload.`,
    inputSchema: UPLOAD_INPUT,
    annotations: startsWork,
    execution,
  },
];

export const jobTools = (): McpTool[] => TOOLS;
export const isJobTool = (name: string) => name === DEPLOY_FUNCTION || name === UPLOAD_DOCUMENT;

const checkDeploy = argsCheck<DeployArgs>(deployValidator);
const checkUpload = argsCheck<UploadArgs>(uploadValidator);

export interface JobCallContext {
  who: Uploader;
  log: Logger;
}

/** The tool's work started (the record as created), or a tool error the model can act on. */
export async function startJob(
  name: string,
  args: Record<string, unknown>,
  deps: JobToolDeps,
  ctx: JobCallContext,
): Promise<{ started: StartedJob; view: Record<string, unknown> } | { failed: ToolResult }> {
  try {
    if (name === DEPLOY_FUNCTION)
      return checkDeploy(args) ? await deploy(args, deps, ctx) : refused(checkDeploy.errors);
    return checkUpload(args) ? await upload(args, deps, ctx) : refused(checkUpload.errors);
  } catch (e) {
    // A bundle that does not check, a quota, a full queue: the model reads why, as a REST caller would.
    if (isServiceError(e)) return { failed: toolError(e.problems) };
    throw e;
  }
}

/** Both tools' refusals end with the choice the upload tool's oneOf asks for. */
const refused = (errors: Parameters<typeof argumentsRefused>[0]) => ({
  failed: argumentsRefused(errors, ' (send either text or content_base64)'),
});

async function deploy(args: DeployArgs, deps: JobToolDeps, ctx: JobCallContext) {
  const zip = decodeBase64(
    args.bundle_base64,
    'bundle_base64',
    { maxBytes: BUNDLE_MAX, tooLargeAdvice: 'Deploy larger bundles with fnq deploy <dir>' },
    'Send the zipped function directory as base64',
  );
  const record = await submitDeployment({ ...deps.submit, log: ctx.log }, ctx.who.account, zip);
  return { started: { kind: 'deployment', id: record.id } as const, view: deploymentView(record) };
}

async function upload(args: UploadArgs, deps: JobToolDeps, ctx: JobCallContext) {
  // The schema's oneOf lets exactly one of text and content_base64 through; the derived type says
  // "at least one", so the text branch still reads it as possibly absent.
  const bytes =
    args.content_base64 !== undefined
      ? decodeBase64(
          args.content_base64,
          'content_base64',
          { maxBytes: DOCUMENT_MAX, tooLargeAdvice: 'Upload larger files with fnq upload' },
          'Send the file as base64, or a text document as text',
        )
      : Buffer.from(args.text ?? '', 'utf8');
  if (bytes.length > DOCUMENT_MAX) {
    return {
      failed: toolError([
        { issue: `The document is over ${DOCUMENT_MAX} bytes`, advice: 'Upload larger files with fnq upload' },
      ]),
    };
  }
  const record = await acceptUpload({ ...deps.intake, log: ctx.log }, ctx.who, args.collection_name, {
    filename: args.filename,
    bytes,
  });
  return { started: { kind: 'upload', id: record.uploadId } as const, view: statusView(record) };
}
