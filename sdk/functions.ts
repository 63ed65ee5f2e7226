// Hosted functions: manage them, read their definitions, and invoke them. `invoke` fetches the
// definition once, caches it, and refuses a request that breaks it before anything is sent.
import { compiledValidators, validateSpec, type NormalizedSpec, type Violation } from '../lib/spec/index';
import { FnqRequestInvalidError } from './errors';
import type { RawResponse, Transport } from './transport';

export interface FunctionInfo {
  shortname: string;
  name: string;
  description: string;
  runtime: string;
  /** The AWS Lambda runtime it runs on. */
  lambdaRuntime: string;
  version: number;
  endpoint: string;
  createdAt: string;
  updatedAt: string;
}

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

export class Functions {
  private readonly specs = new Map<string, Promise<NormalizedSpec>>();

  constructor(private readonly http: Transport) {}

  list() {
    return this.http
      .json<{ functions: FunctionInfo[] }>('GET', '/function-service/v1/functions')
      .then((r) => r.functions);
  }

  async exists(shortname: string): Promise<boolean> {
    return (
      await this.http.json<{ exists: boolean }>(
        'GET',
        `/function-service/v1/shortnames/${encodeURIComponent(shortname)}`,
      )
    ).exists;
  }

  /** Deploys a zip bundle with spec.json at its top (see `fnq deploy`, which builds one from a folder). */
  deploy(bundle: Uint8Array) {
    return this.http.json<FunctionInfo & { warnings: string[] }>('POST', '/function-service/v1/functions', {
      body: bundle as unknown as RequestInit['body'],
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  async delete(shortname: string) {
    this.specs.delete(shortname);
    return this.http.json<{ shortname: string; version: number; deleted: boolean }>(
      'DELETE',
      `/function-service/v1/functions/${encodeURIComponent(shortname)}`,
    );
  }

  /** The function's definition, fetched once per client. */
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

  /** Every way `request` breaks the definition; empty when it may be sent. */
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
