// The ways around a per-process data limit, tried by hostile Node and Python functions as real
// confined processes: a shared anonymous mapping, a memfd, and a tmpfs mounted in a user namespace
// of their own. Each attempt asks for 600 MB against a 256 MB cap, twice: with the cgroup per worker
// this host offers, and with none (the seccomp fallback). Asserted: what the attacker held (its own
// progress lines, kept in the function's log even when the kernel ends it) stayed under the cap or
// was refused outright, and another account's function answered during and after the attempt.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCgroups } from '../../../lib/functions/process-runtime/cgroups';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { deployFunction } from '../../../lib/functions/deploy';
import type { HostingDeps } from '../../../lib/functions/manage';
import type { FunctionRecord, FunctionRequest } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { toolchainMissing } from './toolchains';

const noSandbox = await toolchainMissing('bwrap');
if (noSandbox) console.warn(`Skipping the memory escape tests: ${noSandbox}`);

const CAP_MB = 256;
const ASKED_MB = 600;
const serviceLog: string[] = [];
const log = createLogger({ level: 'debug', sink: (l) => serviceLog.push(l) });
const root = await mkdtemp(join(tmpdir(), 'fnq-memory-escapes-'));
const registry = new MemoryFunctionRegistry();
const blobs = new MemoryBlobStore();
const hostCgroups = await findCgroups();

const withCgroup = new ProcessInvoker({ blobs, workDir: join(root, 'cgroup'), memoryMb: CAP_MB, log });
const withoutCgroup = new ProcessInvoker({
  blobs,
  workDir: join(root, 'seccomp'),
  memoryMb: CAP_MB,
  log,
  cgroups: async () => undefined,
});

afterAll(async () => {
  withCgroup.stopAll();
  withoutCgroup.stopAll();
  await rm(root, { recursive: true, force: true });
});

// The attack, as a Python program: Node has no mmap or memfd of its own, so a Node function runs it
// as a child process (which its cap must hold too); a Python function runs it in its own process.
const ATTACK = `
import mmap, os, subprocess, sys
MB = 1 << 20
def attack(kind, total):
    held = 0
    try:
        if kind == 'userns':
            script = 'mount -t tmpfs none /tmp && dd if=/dev/zero of=/tmp/fill bs=1M count=%d && echo filled' % total
            done = subprocess.run(['unshare', '-Urmn', 'sh', '-c', script], capture_output=True, text=True)
            print('userns exit %d %s' % (done.returncode, done.stdout.strip()), flush=True)
            return {'code': done.returncode, 'out': done.stdout}
        if kind == 'shared':
            area = mmap.mmap(-1, total * MB, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
            write = lambda i: area.__setitem__(slice(i * MB, (i + 1) * MB), b'\\1' * MB)
        else:
            # One memfd per 32 MB: each stays under the file-size limit, together they would not.
            fds = []
            def write(i):
                if i % 32 == 0:
                    fds.append(os.memfd_create('hoard'))
                os.write(fds[-1], b'\\1' * MB)
        for i in range(total):
            write(i)
            held = i + 1
            if held % 8 == 0:
                print('held %d' % held, flush=True)
        return {'held': held}
    except Exception as e:
        print('refused %s %s' % (kind, type(e).__name__), flush=True)
        return {'held': held, 'refused': type(e).__name__}
if __name__ == '__main__':
    attack(sys.argv[1], int(sys.argv[2]))
`;

const HOSTILE: Record<'node' | 'python', Omit<FunctionFixture, 'shortname'>> = {
  node: {
    files: {
      'attack.py': ATTACK,
      'index.mjs': `
import { spawnSync } from 'node:child_process';
export function handler(r) {
  const child = spawnSync('python3', ['-u', '/function/attack.py', r.query.kind, r.query.mb], { stdio: ['ignore', 'inherit', 'inherit'] });
  return { status: child.status, signal: child.signal, error: child.error && String(child.error.code) };
}`,
    },
  },
  python: {
    runtime: 'python311',
    files: {
      'attack.py': ATTACK,
      'main.py':
        'from attack import attack\ndef handler(r):\n    return attack(r["query"]["kind"], int(r["query"]["mb"]))\n',
    },
  },
};

const BYSTANDER: FunctionFixture = {
  shortname: 'steady',
  files: { 'index.mjs': 'export const handler = (r) => ({ echo: r.query.n });' },
};

const request = (query: Record<string, string>): FunctionRequest => ({
  method: 'POST',
  query,
  headers: {},
  body: null,
});
const hosting = (invoker: ProcessInvoker): HostingDeps => ({ registry, blobs, invoker, log });
const deploy = async (invoker: ProcessInvoker, f: FunctionFixture, owner: string) =>
  (await deployFunction(hosting(invoker), owner, await bundleOf(await functionDir(f)))).record;

/** The attacker's progress, from its own log: the most it held, and whether it was refused. */
async function progress(invoker: ProcessInvoker, fn: FunctionRecord) {
  const lines = (await invoker.logs(fn, 500)).map((l) => l.text);
  const held = Math.max(0, ...lines.map((t) => Number(/^held (\d+)/.exec(t)?.[1] ?? 0)));
  return { held, refused: lines.some((t) => t.startsWith('refused')), lines };
}

const modes = [
  { mode: 'a cgroup per worker', invoker: withCgroup, tag: 'cg', skip: !hostCgroups },
  { mode: 'no cgroup (seccomp fallback)', invoker: withoutCgroup, tag: 'sc', skip: false },
];

describe.skipIf(Boolean(noSandbox))('memory a hostile function cannot hold', () => {
  it('says in the service log which mechanism holds the cap', async () => {
    const fn = await deploy(withCgroup, { ...BYSTANDER, shortname: 'steady-log' }, 'acct-victim');
    await withCgroup.invoke(fn, request({ n: '0' }), { timeoutMs: 10_000, log });
    const expected = hostCgroups
      ? new RegExp(`capped per worker by ${hostCgroups.mechanism.replace(/[()]/g, '.')}`)
      : /no cgroup here/;
    expect(serviceLog.join('\n')).toMatch(expected);
  });

  for (const { mode, invoker, tag, skip } of modes) {
    describe.skipIf(skip).each(['node', 'python'] as const)(`with ${mode}, in %s`, (language) => {
      for (const kind of ['shared', 'memfd'] as const) {
        it(`cannot hold ${ASKED_MB} MB through a ${kind === 'shared' ? 'shared anonymous mapping' : 'memfd'}, while another account is served`, async () => {
          const fn = await deploy(
            invoker,
            { shortname: `${kind}-${tag}-${language}`, ...HOSTILE[language] },
            'acct-attacker',
          );
          const victim = await deploy(
            invoker,
            { ...BYSTANDER, shortname: `steady-${kind}-${tag}-${language}` },
            'acct-victim',
          );
          const attack = invoker.invoke(fn, request({ kind, mb: String(ASKED_MB) }), { timeoutMs: 30_000, log }).then(
            (r) => r.body,
            (e: unknown) => e,
          );
          expect((await invoker.invoke(victim, request({ n: '1' }), { timeoutMs: 10_000, log })).body).toEqual({
            echo: '1',
          });
          const outcome = await attack;
          const seen = await progress(invoker, fn);
          // Under the cap: refused, ended by the kernel (a 502, or the child killed), or stopped by an error.
          expect(seen.held).toBeLessThan(CAP_MB);
          expect(JSON.stringify(outcome)).not.toContain(`"held":${ASKED_MB}`);
          // Without a cgroup nothing of it is even allowed; with one, it ran until the group's cap stopped it.
          if (invoker === withoutCgroup) expect(seen).toMatchObject({ held: 0, refused: true });
          else expect(seen.held).toBeGreaterThan(64);
          expect((await invoker.invoke(victim, request({ n: '2' }), { timeoutMs: 10_000, log })).body).toEqual({
            echo: '2',
          });
        }, 60_000);
      }

      it('cannot mount a tmpfs of its own in a user namespace (unshare -Urmn)', async () => {
        const fn = await deploy(
          invoker,
          { shortname: `userns-${tag}-${language}`, ...HOSTILE[language] },
          'acct-attacker',
        );
        const victim = await deploy(
          invoker,
          { ...BYSTANDER, shortname: `steady-userns-${tag}-${language}` },
          'acct-victim',
        );
        await invoker.invoke(fn, request({ kind: 'userns', mb: String(ASKED_MB) }), { timeoutMs: 30_000, log });
        const seen = await progress(invoker, fn);
        const exit = seen.lines.find((t) => t.startsWith('userns exit'));
        expect(exit).toBeDefined();
        expect(exit).not.toMatch(/^userns exit 0\b/);
        expect(exit).not.toContain('filled');
        expect((await invoker.invoke(victim, request({ n: '3' }), { timeoutMs: 10_000, log })).body).toEqual({
          echo: '3',
        });
      }, 60_000);
    });
  }
});
