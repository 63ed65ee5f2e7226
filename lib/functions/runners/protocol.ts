// The line protocol between the service and a warm local worker, the same in every language:
//   service → worker, stdin:  {"id": n, "request": {method, query, headers, body}}\n
//   worker → service, fd 3:   {"ready": true}\n once the entrypoint is loaded, or {"fatal": "..."}\n
//                             {"id": n, "ok": true, "body": <JSON>}\n | {"id": n, "ok": false, "error": "..."}\n
// The replies use fd 3 so that whatever user code prints on stdout or stderr goes to the log and can
// never be mistaken for a reply. A worker exits when its stdin closes.
//
// The runner sources are real files of their language (node/, python/, java/, go/, ruby/, php/),
// linted by that language's checker (tests/unit/functions/runner-sources.test.ts). The modules read
// them from generated/sources.ts (tools/generate/runner-sources.ts writes it), so every bundle carries
// the sources as strings and no path is resolved at run time.

export interface RunnerSource {
  /** File name the source is written to, beside (never inside) the function's code. */
  fileName: string;
  source: string;
}

export type WorkerMessage =
  | { ready: true }
  | { fatal: string }
  | { id: number; ok: true; body: unknown }
  | { id: number; ok: false; error: string };
