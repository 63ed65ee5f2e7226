// The harness itself (tests/support/lambda-rie.ts): the sandbox has Lambda's shape, so a Lambda that passes
// under it cannot be relying on this machine. Small handlers of our own probe it from the inside, under each
// language's runtime interface client, and the failures Lambda reports come back as Lambda reports them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lambdaRuntimes, runUnderRie, type RieLambda } from '../../support/lambda-rie';

const PROBE = `
import { writeFileSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
const attempt = async (fn) => { try { await fn(); return 'ok'; } catch (e) { return e.code ?? String(e); } };
export const probe = async (event) => ({
  uid: process.getuid(),
  cwd: process.cwd(),
  handler: process.env._HANDLER,
  taskRoot: process.env.LAMBDA_TASK_ROOT,
  runtimeApi: /^127\\.0\\.0\\.1:\\d+$/.test(process.env.AWS_LAMBDA_RUNTIME_API ?? ''),
  ours: process.env.FNQ_PROBE,
  hostOnly: process.env.FNQ_HOST_ONLY ?? null,
  writeTask: await attempt(() => writeFileSync('/var/task/x', '1')),
  writeRoot: await attempt(() => writeFileSync('/x', '1')),
  writeTmp: await attempt(() => { writeFileSync('/tmp/x', event.text); return readFileSync('/tmp/x', 'utf8'); }),
  allowed: await attempt(async () => { const r = await fetch('http://127.0.0.1:' + event.allowed + '/'); if (r.status !== 200) throw new Error(r.status); }),
  blocked: await attempt(() => fetch('http://127.0.0.1:' + event.blocked + '/', { signal: AbortSignal.timeout(3000) })),
  dns: await attempt(() => lookup('example.com')),
});
export const fail = async () => { throw new RangeError('out of range on purpose'); };
`;

const JAVA_PROBE = `
import java.util.Map;
public class Probe {
  public Map<String, Object> greet(Map<String, Object> event) {
    return Map.of("greeting", "Hello, " + event.get("name"), "taskRoot", System.getenv("LAMBDA_TASK_ROOT"));
  }
  public Map<String, Object> fail(Map<String, Object> event) {
    throw new IllegalStateException("bad state on purpose");
  }
}
`;

// A custom runtime (`provided`): Go's Lambda library speaks the Runtime API itself from the zip's `bootstrap`.
const GO_PROBE = `package main

import (
\t"context"
\t"os"

\t"github.com/aws/aws-lambda-go/lambda"
)

type request struct {
\tName string \`json:"name"\`
}

func main() {
\tlambda.Start(func(ctx context.Context, r request) (map[string]string, error) {
\t\treturn map[string]string{"greeting": "Hello, " + r.Name, "handler": os.Getenv("_HANDLER")}, nil
\t})
}
`;

let dir: string;
let allowed: Server;
let blocked: Server;
const port = (s: Server) => (s.address() as AddressInfo).port;
const started: RieLambda[] = [];
const run = async (...args: Parameters<typeof runUnderRie>) => {
  const lambda = await runUnderRie(...args);
  started.push(lambda);
  return lambda;
};

beforeAll(async () => {
  await lambdaRuntimes(); // built once per machine (minutes), before any test's own timeout runs
  dir = mkdtempSync(join(tmpdir(), 'fnq-rie-probe-'));
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
  writeFileSync(join(dir, 'Probe.java'), JAVA_PROBE);
  execFileSync('javac', ['-d', dir, join(dir, 'Probe.java')]);
  writeFileSync(join(dir, 'probe.py'), 'def fail(event, context):\n    raise ValueError("bad value on purpose")\n');
  writeFileSync(
    join(dir, 'probe.rb'),
    "def fail(event:, context:)\n  raise ArgumentError, 'bad argument on purpose'\nend\n",
  );
  const listen = async () => {
    const s = createServer((_req, res) => res.end('up'));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return s;
  };
  [allowed, blocked] = [await listen(), await listen()];
  process.env.FNQ_HOST_ONLY = 'must not leak into the sandbox';
}, 1_200_000);

afterAll(async () => {
  await Promise.all(started.map((l) => l.stop()));
  await Promise.all([allowed, blocked].map((s) => new Promise((r) => s?.close(r))));
  rmSync(dir, { recursive: true, force: true });
  delete process.env.FNQ_HOST_ONLY;
});

describe('runUnderRie: a Lambda-shaped sandbox', () => {
  it('runs the handler as Lambda does: read-only task root, writable /tmp, loopback to the allowed ports only', async () => {
    const lambda = await run({
      code: dir,
      handler: 'probe.probe',
      runtime: 'nodejs',
      env: { FNQ_PROBE: 'set by the test' },
      reach: [port(allowed)],
    });
    const { payload, functionError } = await lambda.invoke({
      text: 'scratch',
      allowed: port(allowed),
      blocked: port(blocked),
    });
    expect(functionError).toBeUndefined();
    expect(payload).toEqual({
      uid: 993,
      cwd: '/var/task',
      handler: 'probe.probe',
      taskRoot: '/var/task',
      runtimeApi: true,
      ours: 'set by the test',
      hostOnly: null,
      writeTask: 'EROFS',
      writeRoot: 'EROFS',
      writeTmp: 'ok',
      allowed: 'ok',
      blocked: expect.stringMatching(/fetch failed|ECONNREFUSED/),
      dns: expect.stringMatching(/EAI_AGAIN|ENOTFOUND/),
    });
    expect(lambda.initDurationsMs()).toHaveLength(1);
    // A warm second invocation: no second init.
    await lambda.invoke({ text: 'again', allowed: port(allowed), blocked: port(blocked) });
    expect(lambda.initDurationsMs()).toHaveLength(1);
  });

  it.each([
    ['nodejs', 'probe.fail', 'RangeError', /out of range on purpose/],
    ['python', 'probe.fail', 'ValueError', /bad value on purpose/],
    ['ruby', 'probe.fail', 'ArgumentError', /bad argument on purpose/],
    ['java', 'Probe::fail', 'java.lang.IllegalStateException', /bad state on purpose/],
  ] as const)('reports a %s handler that throws as a function error', async (runtime, handler, type, message) => {
    const lambda = await run({ code: dir, handler, runtime });
    const { payload, functionError } = await lambda.invoke({});
    expect(functionError).toBe(type);
    expect((payload as { errorMessage: string }).errorMessage).toMatch(message);
  });

  it("runs a Java handler under AWS's Java runtime interface client", async () => {
    const lambda = await run({ code: dir, handler: 'Probe::greet', runtime: 'java' });
    const { payload, functionError } = await lambda.invoke({ name: 'Ada' });
    expect(functionError).toBeUndefined();
    expect(payload).toEqual({ greeting: 'Hello, Ada', taskRoot: '/var/task' });
  });

  it('runs a custom runtime: a Go bootstrap built with aws-lambda-go', { timeout: 600_000 }, async () => {
    const goDir = join(dir, 'go');
    mkdirSync(goDir);
    writeFileSync(join(goDir, 'main.go'), GO_PROBE);
    writeFileSync(join(goDir, 'go.mod'), 'module fnquery.test/probe\n\ngo 1.21\n');
    const env = { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-mod=mod' };
    execFileSync('go', ['get', 'github.com/aws/aws-lambda-go@v1.47.0'], { cwd: goDir, env, stdio: 'ignore' });
    execFileSync('go', ['build', '-o', join(dir, 'go-task', 'bootstrap'), '.'], { cwd: goDir, env, stdio: 'ignore' });
    const lambda = await run({ code: join(dir, 'go-task'), handler: 'probe.handler', runtime: 'provided' });
    const { payload, functionError } = await lambda.invoke({ name: 'Ada' });
    expect(functionError).toBeUndefined();
    expect(payload).toEqual({ greeting: 'Hello, Ada', handler: 'probe.handler' });
  });

  it('reports a handler that does not exist as a runtime error', async () => {
    const lambda = await run({ code: dir, handler: 'missing.handler', runtime: 'nodejs' });
    const { functionError } = await lambda.invoke({});
    expect(functionError).toMatch(/^Runtime\./);
  });
});
