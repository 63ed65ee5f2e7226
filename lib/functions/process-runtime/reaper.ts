// Ends every process serving a function, whichever service process started it: under serverless
// offline the invoke and DELETE routes are separate Lambdas with separate invokers, so DELETE
// cannot reach the other's workers through memory. A worker's command line names its folder
// (the sandbox's bind mounts, or the runner's arguments), which identifies it in /proc.
import { readdir, readFile } from 'node:fs/promises';

/** Kills (SIGKILL) each process whose command line mentions `folder`, except those mentioning `keep`. */
export async function killProcessesUnder(folder: string, keep?: string): Promise<number> {
  const marker = `${folder.replace(/\/+$/, '')}/`;
  let killed = 0;
  const pids = (await readdir('/proc').catch(() => [])).filter(
    (name) => /^\d+$/.test(name) && Number(name) !== process.pid,
  );
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(marker) || (keep && cmdline.includes(`${keep}/`))) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    } catch {
      // Ended meanwhile, or not ours to end.
    }
  }
  return killed;
}
