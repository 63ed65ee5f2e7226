// Hostile functions on the local runtime, in Node and Python, as real confined processes: each test
// asserts what the function could NOT do (read the service's secret or files, write outside its
// tmp, outlive its call, exceed its limits, reach the network), and that another account's function
// keeps answering meanwhile. Refusal when the host cannot confine is tested in-process, by handing
// the invoker a bwrap that does not work.
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { findConfinement } from '../../../lib/functions/process-runtime/sandbox';
import { DEFAULT_UID_TABLE, UidTable } from '../../../lib/functions/process-runtime/uid-table';
import { deployFunction } from '../../../lib/functions/deploy';
import type { HostingDeps } from '../../../lib/functions/manage';
import { registryKey, type FunctionRecord, type FunctionRequest } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { toolchainMissing } from './toolchains';

const noSandbox = await toolchainMissing('bwrap');
if (noSandbox) console.warn(`Skipping the confinement tests: ${noSandbox}`);
const sandboxed = describe.skipIf(Boolean(noSandbox));

const serviceLog: string[] = [];
const log = createLogger({ level: 'debug', sink: (l) => serviceLog.push(l) });
const root = await mkdtemp(join(tmpdir(), 'fnq-confinement-'));
const workDir = join(root, 'work');
// What the service holds and a function must never see: a secret in its environment and a data folder.
const SECRET = `secret-${Math.random().toString(36).slice(2)}`;
process.env.FNQ_CONFINEMENT_TEST_SECRET = SECRET;
const dataDir = join(root, '.data');
await mkdir(dataDir, { recursive: true });
await writeFile(join(dataDir, 'jwt-secret'), SECRET, { mode: 0o600 });

const invokers: ProcessInvoker[] = [];
function newInvoker(options: Partial<ConstructorParameters<typeof ProcessInvoker>[0]> = {}): ProcessInvoker {
  const invoker = new ProcessInvoker({ blobs: new MemoryBlobStore(), workDir, memoryMb: 256, log, ...options });
  invokers.push(invoker);
  return invoker;
}
const invoker = newInvoker();
/** The same runtime where no cgroup is available: leftovers are found by walking the worker's process tree. */
const noCgroup = newInvoker({ cgroups: async () => undefined });
const registry = new MemoryFunctionRegistry();
const blobs = new MemoryBlobStore();
const hosting = (i: ProcessInvoker): HostingDeps => ({ registry, blobs, invoker: i, log });

afterAll(async () => {
  for (const i of invokers) i.stopAll();
  await rm(root, { recursive: true, force: true });
});

const request = (query: Record<string, string> = {}, body: unknown = null): FunctionRequest => ({
  method: 'POST',
  query,
  headers: {},
  body,
});
const deploy = async (f: FunctionFixture, owner = 'acct-hostile', via = invoker) =>
  (await deployFunction(hosting(via), owner, await bundleOf(await functionDir(f)))).record;

/** Host processes whose command line holds `marker` (a unique argument of `sleep`), with their uid. */
async function processesWith(marker: string): Promise<{ pid: number; uid: number }[]> {
  const found: { pid: number; uid: number }[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.split('\0').includes(marker)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    if (/^State:\s+Z/m.test(status)) continue;
    found.push({ pid: Number(pid), uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) });
  }
  return found;
}
/** Inside the sandbox: "nobody" in a user namespace, or (service as root) the function's own unprivileged uid. */
const uids = new UidTable(DEFAULT_UID_TABLE, workDir);
const expectedUid = async (fn: FunctionRecord) =>
  process.getuid?.() === 0 ? await uids.uidOf(registryKey(fn.shortname)) : 65534;
const uniqueSleep = () => `${600 + Math.floor(Math.random() * 1000)}.${Date.now() % 100000}`;
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
/** Waits (with a deadline) until no host process carries `marker`; fails if one outlives the deadline. */
const processesGone = (marker: string) =>
  expect.poll(() => processesWith(marker), { timeout: 10_000, interval: 100 }).toEqual([]);

// Each hostile function tries everything it is asked to by the query, reports what it managed, and never throws.
const HOSTILE: Record<'node' | 'python', FunctionFixture['files']> = {
  node: {
    'index.mjs': `
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
const attempt = (f) => { try { return { ok: true, value: f() }; } catch (e) { return { ok: false, error: String(e.code || e.message) }; } };
const loaded = Math.random();
export async function handler(r) {
  const q = r.query;
  const out = { uid: process.getuid(), pid: process.pid, env: process.env, cwd: process.cwd(), loaded };
  if (q.read) out.read = attempt(() => readFileSync(q.read, 'utf8'));
  out.environs = readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).map((p) => attempt(() => readFileSync('/proc/' + p + '/environ', 'utf8')));
  out.pids = readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).length;
  if (q.write) out.write = attempt(() => writeFileSync(q.write, 'written by a function'));
  if (q.tmp) out.tmp = attempt(() => { writeFileSync('/tmp/' + q.tmp, 'x'); return readFileSync('/tmp/' + q.tmp, 'utf8'); });
  if (q.big) out.big = attempt(() => { const chunk = Buffer.alloc(1 << 20, 1); for (let i = 0; i < Number(q.big); i++) writeFileSync('/tmp/big', chunk, { flag: 'a' }); return Number(q.big); });
  if (q.sleep) { spawn('sleep', [q.sleep], { detached: true, stdio: 'ignore' }).unref(); out.spawned = true; }
  if (q.daemon) spawnSync('sh', ['-c', 'sleep ' + Number(q.daemon) + ' >/dev/null 2>&1 &']);
  if (q.buffers) { const held = []; out.buffers = attempt(() => { for (let i = 0; i < Number(q.buffers); i++) held.push(Buffer.alloc(1 << 20, 1)); return held.length; }); if (!out.buffers.ok) out.buffers.held = held.length; }
  if (q.fork) { let n = 0; for (; n < Number(q.fork); n++) { const c = attempt(() => spawn('sleep', ['30'], { stdio: 'ignore' }).on('error', () => {})); if (!c.ok || !c.value.pid) break; } out.forked = n; }
  if (q.port) out.net = await new Promise((resolve) => { const s = connect(Number(q.port), '127.0.0.1'); s.on('connect', () => { s.destroy(); resolve({ ok: true }); }); s.on('error', (e) => resolve({ ok: false, error: e.code })); });
  if (q.spin) for (;;) {}
  return out;
}`,
  },
  python: {
    'main.py': `
import os, random, socket, subprocess
LOADED = random.random()
def attempt(f):
    try:
        return {'ok': True, 'value': f()}
    except Exception as e:
        return {'ok': False, 'error': type(e).__name__}
def read(path):
    with open(path) as f:
        return f.read()
def write(path, text):
    with open(path, 'w') as f:
        f.write(text)
def handler(r):
    q = r['query']
    out = {'uid': os.getuid(), 'pid': os.getpid(), 'env': dict(os.environ), 'cwd': os.getcwd(), 'loaded': LOADED}
    if q.get('read'):
        out['read'] = attempt(lambda: read(q['read']))
    pids = [p for p in os.listdir('/proc') if p.isdigit()]
    out['environs'] = [attempt(lambda p=p: read('/proc/' + p + '/environ')) for p in pids]
    out['pids'] = len(pids)
    if q.get('write'):
        out['write'] = attempt(lambda: write(q['write'], 'written by a function'))
    if q.get('tmp'):
        out['tmp'] = attempt(lambda: (write('/tmp/' + q['tmp'], 'x'), read('/tmp/' + q['tmp']))[1])
    if q.get('big'):
        def big():
            with open('/tmp/big', 'ab') as f:
                for _ in range(int(q['big'])):
                    f.write(b'x' * (1 << 20))
                    f.flush()
            return int(q['big'])
        out['big'] = attempt(big)
    if q.get('sleep'):
        subprocess.Popen(['sleep', q['sleep']], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out['spawned'] = True
    if q.get('daemon'):
        subprocess.run(['sh', '-c', 'sleep %s >/dev/null 2>&1 &' % float(q['daemon'])])
    if q.get('buffers'):
        held = []
        def hog():
            for _ in range(int(q['buffers'])):
                held.append(bytearray(1 << 20))
            return len(held)
        out['buffers'] = attempt(hog)
        if not out['buffers']['ok']:
            out['buffers']['held'] = len(held)
        held.clear()
    if q.get('fork'):
        n = 0
        children = []
        for _ in range(int(q['fork'])):
            c = attempt(lambda: subprocess.Popen(['sleep', '30']))
            if not c['ok']:
                break
            children.append(c['value'])
            n += 1
        out['forked'] = n
    if q.get('port'):
        def connect():
            s = socket.create_connection(('127.0.0.1', int(q['port'])), timeout=2)
            s.close()
        out['net'] = attempt(connect)
    while q.get('spin'):
        pass
    return out
`,
  },
};

interface Report {
  uid: number;
  loaded: number;
  spawned?: boolean;
  env: Record<string, string>;
  cwd: string;
  environs: { ok: boolean; value?: string }[];
  pids: number;
  read?: { ok: boolean; value?: string };
  write?: { ok: boolean };
  tmp?: { ok: boolean; value?: string };
  big?: { ok: boolean; value?: number };
  buffers?: { ok: boolean; value?: number; held?: number };
  forked?: number;
  net?: { ok: boolean };
}

const fixture = (language: 'node' | 'python', shortname: string): FunctionFixture =>
  language === 'node' ? { shortname, files: HOSTILE.node } : { shortname, runtime: 'python311', files: HOSTILE.python };

/** A function of another account, called while the hostile one misbehaves. */
const BYSTANDER: FunctionFixture = {
  shortname: 'bystander',
  files: { 'index.mjs': 'export const handler = (r) => ({ echo: r.query.n });' },
};

sandboxed.each(['node', 'python'] as const)('a hostile %s function', (language) => {
  const name = (what: string) => `${what}-${language}`;

  it('cannot read the service environment, its secret file or other processes, and runs as an unprivileged user', async () => {
    const fn = await deploy(fixture(language, name('snoop')));
    const report = (
      await invoker.invoke(fn, request({ read: join(dataDir, 'jwt-secret') }), { timeoutMs: 10_000, log })
    ).body as Report;
    expect(JSON.stringify(report)).not.toContain(SECRET);
    expect(report.read).toMatchObject({ ok: false });
    // Inside its PID namespace only the sandbox's own few processes exist, and none of their environments holds anything of the service.
    expect(report.pids).toBeLessThan(6);
    for (const environ of report.environs.filter((e) => e.ok)) expect(environ.value).not.toMatch(/FNQ_|AWS_/);
    expect(Object.keys(report.env).sort()).toEqual(expect.arrayContaining(['HOME', 'LANG', 'PATH', 'TMPDIR']));
    expect(
      Object.keys(report.env).filter(
        (k) => !['HOME', 'LANG', 'PATH', 'TMPDIR', 'PWD', 'SHLVL', '_', 'LC_CTYPE'].includes(k),
      ),
    ).toEqual([]);
    expect(report.uid).toBe(await expectedUid(fn));
    // Its code folder holds only its own code.
    expect(report.cwd).toBe('/function');
  });

  it('cannot write outside its private /tmp: not its code, not the service data, not the host /tmp', async () => {
    const fn = await deploy(fixture(language, name('scribble')));
    const hostFile = join(tmpdir(), `fnq-confinement-escape-${language}-${Date.now()}`);
    for (const target of [
      join(dataDir, 'planted'),
      '/function/planted',
      join(workDir, 'planted'),
      '/usr/planted',
      '/etc/planted',
    ]) {
      const report = (await invoker.invoke(fn, request({ write: target }), { timeoutMs: 10_000, log })).body as Report;
      expect(report.write).toMatchObject({ ok: false });
      expect(existsSync(target)).toBe(false);
    }
    // The host's /tmp path names the private tmpfs inside: the write succeeds there and never reaches the host.
    await invoker.invoke(fn, request({ write: hostFile }), { timeoutMs: 10_000, log });
    expect(existsSync(hostFile)).toBe(false);
    const inTmp = (await invoker.invoke(fn, request({ tmp: 'scratch' }), { timeoutMs: 10_000, log })).body as Report;
    expect(inTmp.tmp).toEqual({ ok: true, value: 'x' });
    expect(existsSync(join(tmpdir(), 'scratch'))).toBe(false);
  });

  it('cannot write a file larger than its file-size limit', async () => {
    const fn = await deploy(fixture(language, name('filler')));
    const report = (
      await invoker.invoke(fn, request({ big: '100' }), { timeoutMs: 10_000, log }).catch((e: unknown) => ({ body: e }))
    ).body as Report | Error;
    // Either the write fails (EFBIG, tmpfs full) or SIGXFSZ ends the worker: 100 MB never lands.
    if (report instanceof Error) expect(report).toMatchObject({ status: 502 });
    else expect(report.big).toMatchObject({ ok: false });
  });

  it('cannot hold more memory than its limit, even outside the language heap, while other functions answer', async () => {
    const fn = await deploy(fixture(language, name('hog')));
    const bystander = await deploy({ ...BYSTANDER, shortname: name('bystander') }, 'acct-other');
    const hog = invoker.invoke(fn, request({ buffers: '1024' }), { timeoutMs: 15_000, log }).then(
      (r) => r.body as Report,
      (e: unknown) => e as Error,
    );
    expect((await invoker.invoke(bystander, request({ n: '1' }), { timeoutMs: 10_000, log })).body).toEqual({
      echo: '1',
    });
    const result = await hog;
    // 1 GB asked for; the 256 MB cap stops it (an allocation error inside, or the process ended: a 502).
    if (result instanceof Error) expect(result).toMatchObject({ status: 502 });
    else {
      expect(result.buffers!.ok).toBe(false);
      expect(result.buffers!.held).toBeLessThan(256);
    }
  }, 30_000);

  it('cannot start more than its process limit, while other functions still start and answer', async () => {
    const fn = await deploy(fixture(language, name('forker')));
    const report = (await invoker.invoke(fn, request({ fork: '500' }), { timeoutMs: 15_000, log })).body as Report;
    expect(report.forked).toBeLessThan(64);
    const bystander = await deploy({ ...BYSTANDER, shortname: name('bystander2') }, 'acct-other');
    expect((await invoker.invoke(bystander, request({ n: '2' }), { timeoutMs: 10_000, log })).body).toEqual({
      echo: '2',
    });
  }, 30_000);

  it('cannot reach the service over the network, not even on loopback', async () => {
    const server = createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const fn = await deploy(fixture(language, name('dialer')));
      const report = (await invoker.invoke(fn, request({ port: String(port) }), { timeoutMs: 10_000, log }))
        .body as Report;
      expect(report.net).toMatchObject({ ok: false });
    } finally {
      server.close();
    }
  });

  it('leaves no process behind after a timeout, and runs as a uid that is not root on the host', async () => {
    const fn = await deploy(fixture(language, name('timeout')));
    const marker = uniqueSleep();
    await expect(
      invoker.invoke(fn, request({ sleep: marker, spin: '1' }), { timeoutMs: 1500, log }),
    ).rejects.toMatchObject({ status: 504 });
    await processesGone(marker);
  });

  it.each([
    ['a cgroup per worker', () => invoker],
    ['no cgroup (the process tree)', () => noCgroup],
  ])(
    'leaves no process behind when its call returns, detached or orphaned, while its worker stays warm, with %s',
    async (_, via) => {
      const fn = await deploy(
        fixture(language, name(`lingers-${via() === invoker ? 'cg' : 'tree'}`)),
        'acct-hostile',
        via(),
      );
      const bystander = await deploy({ ...BYSTANDER, shortname: name('bystander3') }, 'acct-other');
      const [detached, orphan] = [uniqueSleep(), uniqueSleep()];
      const first = (await via().invoke(fn, request({ sleep: detached, daemon: orphan }), { timeoutMs: 10_000, log }))
        .body as Report;
      expect(first.spawned).toBe(true);
      // Swept before the call answered: no settling needed.
      expect(await processesWith(detached)).toEqual([]);
      expect(await processesWith(orphan)).toEqual([]);
      // The same warm worker answers the next call (its module was loaded once).
      const second = (await via().invoke(fn, request(), { timeoutMs: 10_000, log })).body as Report;
      expect(second.loaded).toBe(first.loaded);
      expect((await invoker.invoke(bystander, request({ n: '3' }), { timeoutMs: 10_000, log })).body).toEqual({
        echo: '3',
      });
    },
  );

  it('leaves no process behind when it is deleted mid-call, even through another invoker (another Lambda of the service)', async () => {
    const calls = newInvoker();
    const manages = newInvoker();
    const fn = await deploy(fixture(language, name('deleted')), 'acct-hostile', calls);
    const before = (await calls.invoke(fn, request(), { timeoutMs: 10_000, log })).body as Report;
    expect(before.uid).toBe(await expectedUid(fn));
    const marker = uniqueSleep();
    const spinning = calls.invoke(fn, request({ sleep: marker, spin: '1' }), { timeoutMs: 20_000, log });
    spinning.catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while ((await processesWith(marker)).length === 0 && Date.now() < deadline) await pause();
    expect(await processesWith(marker)).toHaveLength(1);
    await manages.remove(fn as FunctionRecord);
    await expect(spinning).rejects.toMatchObject({ status: 502 });
    await processesGone(marker);
  }, 30_000);

  it('writes nothing of its output or of the request body into the service log', async () => {
    const fn = await deploy({
      shortname: name('printer'),
      ...(language === 'node'
        ? {
            files: {
              'index.mjs':
                'export function handler(r) { console.log(JSON.stringify(r.body)); console.error("card " + r.body.card); return 1; }',
            },
          }
        : {
            runtime: 'python311',
            files: {
              'main.py':
                "import json, sys\ndef handler(r):\n    print(json.dumps(r['body']))\n    print('card ' + r['body']['card'], file=sys.stderr)\n    return 1\n",
            },
          }),
    });
    const card = '4111 1111 1111 1111';
    expect((await invoker.invoke(fn, request({}, { card }), { timeoutMs: 10_000, log })).body).toBe(1);
    // Once the function's output has reached the owner's log (with the same redaction as the service
    // log), everything the call could have written is written.
    await expect
      .poll(async () => (await invoker.logs(fn, 50)).map((l) => l.stream), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['stdout', 'stderr']));
    expect(serviceLog.join('\n')).not.toContain('4111');
  });
});

describe('a host that cannot confine', () => {
  const fn = {
    shortname: 'refused',
    files: { 'index.mjs': 'export const handler = () => process.getuid();' },
  } satisfies FunctionFixture;

  it('refuses to deploy or run functions, saying why, when bubblewrap is missing', async () => {
    const refusing = newInvoker({
      confinement: () => findConfinement({ workDir, bwrap: join(root, 'no-such-bwrap') }),
    });
    const error = await deploy(fn, 'acct-refused', refusing).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'functions_unconfined' });
    expect((error as Error).message).toMatch(/bubblewrap \(bwrap\) is not installed/);
    expect((error as Error).message).toMatch(/FNQ_FUNCTIONS_UNSAFE_LOCAL=1/);
    expect(await registry.get('refused')).toBeUndefined();
  });

  it('refuses when bwrap is there but cannot create namespaces here', async () => {
    // /bin/false stands for a bwrap that the kernel refuses (no user namespaces, not root): it fails like one.
    const refusing = newInvoker({ confinement: () => findConfinement({ workDir, bwrap: '/bin/false' }) });
    const error = await deploy(fn, 'acct-refused', refusing).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 503,
      code: 'functions_unconfined',
      message: expect.stringMatching(/cannot create the sandbox here/),
    });
  });

  it('runs unconfined, under the OS limits only, when the operator opts out explicitly', async () => {
    const unsafe = newInvoker({
      unsafeLocal: true,
      confinement: () => findConfinement({ workDir, bwrap: '/bin/false', unsafeLocal: true }),
    });
    const record = await deploy({ ...fn, shortname: 'unsafe-opt-in' }, 'acct-refused', unsafe);
    expect((await unsafe.invoke(record, request(), { timeoutMs: 10_000, log })).body).toBe(process.getuid?.());
    expect(serviceLog.some((l) => l.includes('UNCONFINED'))).toBe(true);
  });
});
