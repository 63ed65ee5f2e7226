// The worker cgroups on this host's real hierarchy (v2 or v1, whichever findCgroups chose): the
// limits written, a launched process inside, everything in it ended and the group gone on destroy,
// and groups left by a service process that died removed at the next start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCgroups } from '../../../lib/functions/process-runtime/cgroups';

const cgroups = await findCgroups();
if (!cgroups) console.warn('Skipping the cgroup tests: no usable cgroup hierarchy here (not root, or no controller)');

const name = () => `${process.pid}-test-${Math.random().toString(36).slice(2, 8)}`;
const limitFile = (dir: string) =>
  ['memory.max', 'memory.limit_in_bytes'].map((f) => join(dir, f)).find((f) => existsSync(f))!;

describe.skipIf(!cgroups)('worker cgroups', () => {
  it('caps a group at the limits given, holds what its launcher starts, and ends it all on destroy', async () => {
    const group = await cgroups!.create(name(), { memoryBytes: 128 * 1024 * 1024, processes: 16 });
    const dirs = group.procsFiles.map(dirname);
    const memoryDir = dirs.find((d) => existsSync(limitFile(d) ?? ''))!;
    expect(Number(await readFile(limitFile(memoryDir), 'utf8'))).toBe(128 * 1024 * 1024);
    const pidsDir = dirs.find((d) => existsSync(join(d, 'pids.max')))!;
    expect((await readFile(join(pidsDir, 'pids.max'), 'utf8')).trim()).toBe('16');
    // The launcher's way in: the shell writes its own pid, then becomes the job; a child of the job is inside too.
    const script = `for f in "$@"; do echo $$ > "$f"; done; exec sh -c 'sleep 30 & exec sleep 31'`;
    const child = spawn('/bin/sh', ['-c', script, 'launch', ...group.procsFiles], { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    while ((await group.members()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const members = await group.members();
    expect(members).toContain(child.pid);
    expect(members).toHaveLength(2);
    await group.destroy();
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
    for (const pid of members) expect(existsSync(`/proc/${pid}/cmdline`) && !isZombie(pid)).toBe(false);
  });

  it('removes, at start, the empty groups of a service process that is gone, and no live one', async () => {
    const live = await cgroups!.create(name(), { memoryBytes: 64 * 1024 * 1024, processes: 8 });
    const gonePid = spawnSync('true').pid!;
    const parents = live.procsFiles.map((f) => dirname(dirname(f)));
    const orphans = parents.map((p) => join(p, `${gonePid}-left-behind`));
    for (const dir of orphans) await mkdir(dir);
    await findCgroups();
    for (const dir of orphans) expect(existsSync(dir)).toBe(false);
    for (const f of live.procsFiles) expect(existsSync(dirname(f))).toBe(true);
    await live.destroy();
  });
});

function isZombie(pid: number): boolean {
  return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}
