// Hosted functions: manage them, read their definitions, and invoke them. `invoke` fetches the
// definition once, caches it, and refuses a request that breaks it before anything is sent.
import { compiledValidators, validateSpec, type NormalizedSpec, type Violation } from '../lib/spec/index';
import { FnqDeployFailedError, FnqRequestInvalidError } from './errors';
import type { RawResponse, Transport } from './transport';
import type { JsonResponse } from './wire';

/** One of the calling account's functions, with the version that serves and where it answers. */
export type FunctionInfo = JsonResponse<'/function-service/v1/functions', 'get'>['functions'][number];

/** A deploy's record: queued → building → ready | failed (failed: `messages` say why). */
/** A deployment record: queued, building, ready or failed (GET /function-service/v1/deployments/{id}). */
export type DeploymentInfo = JsonResponse<'/function-service/v1/deployments/{id}', 'get'>;

export interface DeployWaitOptions {
  /** Called with every record read while waiting (status changes and the build's step). */
  onProgress?: (deployment: DeploymentInfo) => void;
  /** Between reads; 1 s by default. */
  pollMs?: number;
  /** Give up waiting (the build goes on) after this long; 15 minutes by default. */
  timeoutMs?: number;
  /** Follow this deployment, already sent by deploy(), instead of sending the bundle again. */
  existing?: DeploymentInfo;
}

const DEPLOYMENT_FIELDS = ['id', 'shortname', 'version', 'runtime', 'status', 'warnings'] as const;

export interface InvokeRequest {
  /** Checked against the definition's requestType; taken from it when omitted. */
  method?: string;
  query?: Record<string, string>;
  /** JSON input. */
  body?: unknown;
  /** FILE input. */
  file?: { filename: string; data: Uint8Array };
}

export interface InvokeResponse {
  status: number;
  /** Parsed JSON for JSON output, undefined for NONE. */
  json?: unknown;
  /** The bytes and type of FILE output (and the raw JSON bytes). */
  bytes: Uint8Array;
  contentType: string | null;
  /** Set when the function's JSON answer did not match its outputSchema. */
  outputInvalid?: string;
}

const path = (shortname: string) => `/functions/v1/${encodeURIComponent(shortname)}`;

/**
 * Hosted functions, reached as `client.functions`: deploy, follow, list, delete, and invoke them with
 * the request checked against the definition before it is sent.
 *
 * @example
 * ```ts
 * const names = (await client.functions.list()).map((f) => f.shortname);
 * ```
 */
export class Functions {
  private readonly specs = new Map<string, Promise<NormalizedSpec>>();

  constructor(private readonly http: Transport) {}

  /**
   * The calling account's functions with their current version and endpoint.
   *
   * @example
   * ```ts
   * for (const f of await client.functions.list()) console.log(f.shortname, f.version, f.endpoint);
   * ```
   */
  list() {
    return this.http
      .json<{ functions: FunctionInfo[] }>('GET', '/function-service/v1/functions')
      .then((r) => r.functions);
  }

  /**
   * Whether a shortname is taken (by anyone): the check before choosing one for a new function.
   * @param shortname - The name to check.
   * @returns `true` when a function already has it.
   *
   * @example
   * ```ts
   * if (await client.functions.exists('weather')) console.log('pick another shortname');
   * ```
   */
  async exists(shortname: string): Promise<boolean> {
    return (
      await this.http.json<{ exists: boolean }>(
        'GET',
        `/function-service/v1/shortnames/${encodeURIComponent(shortname)}`,
      )
    ).exists;
  }

  /**
   * Sends a zip bundle with spec.json at its top (see `fnq deploy`, which builds one from a folder):
   * the service checks it and answers with a queued deployment, built after the answer.
   * @param bundle - The zip file's bytes.
   * @throws FnqServiceError 400 when the bundle or its spec.json is refused, with every problem found.
   * @throws FnqUnexpectedReplyError when a 2xx answer is not a deployment record.
   *
   * @example
   * ```ts
   * const queued = await client.functions.deploy(bundle);
   * console.log(queued.id, queued.status);
   * ```
   */
  deploy(bundle: Uint8Array): Promise<DeploymentInfo> {
    return this.http.jsonWith<DeploymentInfo>([...DEPLOYMENT_FIELDS], 'POST', '/function-service/v1/functions', {
      body: bundle as unknown as RequestInit['body'],
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  /**
   * One of your deployments, as it is now.
   * @param id - The deployment id that `deploy` answered.
   *
   * @example
   * ```ts
   * const d = await client.functions.deployment('dep-42');
   * if (d.status === 'failed') console.log(d.messages);
   * ```
   */
  deployment(id: string): Promise<DeploymentInfo> {
    return this.http.jsonWith<DeploymentInfo>(
      [...DEPLOYMENT_FIELDS],
      'GET',
      `/function-service/v1/deployments/${encodeURIComponent(id)}`,
    );
  }

  /**
   * Deploys and follows the deployment until it is ready (resolves with it) or failed (rejects with
   * FnqDeployFailedError; the previous version keeps serving).
   * @param bundle - The zip file's bytes (ignored when `options.existing` is given).
   * @param options - Progress callback, poll interval (1 s), time limit (15 minutes), or a deployment to follow.
   * @throws FnqDeployFailedError when the build fails; Error when it is still running at the time limit.
   *
   * @example
   * ```ts
   * try {
   *   const ready = await client.functions.deployAndWait(bundle, { onProgress: (d) => console.log(d.step) });
   *   console.log(`version ${ready.version} at ${ready.endpoint}`);
   * } catch (e) {
   *   if (e instanceof FnqDeployFailedError) console.log(e.problems.map((p) => p.advice));
   *   else throw e;
   * }
   * ```
   */
  async deployAndWait(bundle: Uint8Array, options: DeployWaitOptions = {}): Promise<DeploymentInfo> {
    let current = options.existing ?? (await this.deploy(bundle));
    const deadline = Date.now() + (options.timeoutMs ?? 15 * 60_000);
    for (;;) {
      options.onProgress?.(current);
      if (current.status === 'ready') return current;
      if (current.status === 'failed')
        throw new FnqDeployFailedError(current.id, current.shortname, current.messages ?? []);
      if (Date.now() > deadline)
        throw new Error(
          `deployment ${current.id} of ${current.shortname} is still ${current.status}; read it later with functions.deployment()`,
        );
      await new Promise((r) => setTimeout(r, options.pollMs ?? 1000));
      current = await this.deployment(current.id);
    }
  }

  /**
   * Deletes a function; its endpoint stops answering.
   * @param shortname - The function's shortname.
   *
   * @example
   * ```ts
   * const { deleted } = await client.functions.delete('weather');
   * ```
   */
  async delete(shortname: string) {
    this.specs.delete(shortname);
    return this.http.json<{ shortname: string; version: number; deleted: boolean }>(
      'DELETE',
      `/function-service/v1/functions/${encodeURIComponent(shortname)}`,
    );
  }

  /**
   * The function's definition, fetched once per client.
   * @param shortname - The function's shortname.
   * @throws Error when the service sends a definition that is not valid.
   *
   * @example
   * ```ts
   * const spec = await client.functions.spec('weather');
   * console.log(spec.requirements.requestType, spec.requirements.inputType);
   * ```
   */
  spec(shortname: string): Promise<NormalizedSpec> {
    let spec = this.specs.get(shortname);
    if (!spec) {
      spec = this.http.json<unknown>('GET', `${path(shortname)}/spec.json`).then((raw) => {
        const checked = validateSpec(raw);
        if (!checked.spec) throw new Error(`the service sent an invalid definition for ${shortname}`);
        return checked.spec;
      });
      spec.catch(() => this.specs.delete(shortname));
      this.specs.set(shortname, spec);
    }
    return spec;
  }

  /**
   * Every way `request` breaks the definition; empty when it may be sent.
   * @param shortname - The function's shortname.
   * @param request - The request `invoke` would send.
   *
   * @example
   * ```ts
   * const problems = await client.functions.check('weather', { query: { city: '' } });
   * for (const p of problems) console.log(p.pointer, p.message);
   * ```
   */
  async check(shortname: string, request: InvokeRequest): Promise<Violation[]> {
    const spec = await this.spec(shortname);
    const validators = compiledValidators(spec);
    const found: Violation[] = [];
    const expected = spec.requirements.requestType;
    if (request.method && request.method.toUpperCase() !== expected) {
      found.push({ pointer: '/method', rule: 'method', message: `must be ${expected}`, fix: `Send it as ${expected}` });
    }
    found.push(...validators.validateQuery(request.query ?? {}));
    if (spec.requirements.inputType === 'FILE') {
      found.push(
        ...validators.validateFile(
          request.file && { filename: request.file.filename, size: request.file.data.byteLength },
        ),
      );
    } else {
      found.push(
        ...validators.validateBody(spec.requirements.inputType === 'NONE' ? (request.body ?? null) : request.body),
      );
    }
    return found;
  }

  /**
   * Calls a hosted function, after checking the request against its definition.
   * @param shortname - The function's shortname.
   * @param request - Query, JSON body or file, as the definition asks.
   * @returns The status and the answer: parsed JSON, or the bytes of a file.
   * @throws FnqRequestInvalidError before anything is sent when the request breaks the definition.
   * @throws FnqServiceError when the function or the service answers with an error.
   *
   * @example
   * ```ts
   * const res = await client.functions.invoke('weather', { query: { city: 'Lyon' } });
   * console.log(res.status, res.json);
   * ```
   */
  async invoke(shortname: string, request: InvokeRequest = {}): Promise<InvokeResponse> {
    const violations = await this.check(shortname, request);
    if (violations.length)
      throw new FnqRequestInvalidError(
        shortname,
        violations.map((v) => ({ path: v.pointer, message: v.message })),
      );
    const spec = await this.spec(shortname);
    let raw: RawResponse;
    if (spec.requirements.inputType === 'FILE' && request.file) {
      const form = new FormData();
      form.append('file', new Blob([request.file.data]), request.file.filename);
      raw = await this.http.send(spec.requirements.requestType, path(shortname), { query: request.query, form });
    } else if (spec.requirements.inputType === 'JSON') {
      raw = await this.http.send(spec.requirements.requestType, path(shortname), {
        query: request.query,
        json: request.body,
      });
    } else {
      raw = await this.http.send(spec.requirements.requestType, path(shortname), { query: request.query });
    }
    const bytes = new Uint8Array(raw.body);
    const contentType = raw.headers.get('content-type');
    const json =
      spec.requirements.outputType === 'JSON' && bytes.byteLength
        ? JSON.parse(Buffer.from(bytes).toString('utf8'))
        : undefined;
    return {
      status: raw.status,
      json,
      bytes,
      contentType,
      outputInvalid: raw.headers.get('x-fnq-output-invalid') ?? undefined,
    };
  }
}
