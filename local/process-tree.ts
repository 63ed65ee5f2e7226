// The processes under one process, read from /proc (Linux): what `npm start` holds in memory and
// whether a bundler is still running. Used by the memory bench and the local stack's tests.
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeProcess {
  pid: number;
  ppid: number;
  /** Resident set size in bytes (VmRSS). */
  rss: number;
  /** The command line, arguments separated by spaces. */
  command: string;
}

function readProcess(pid: number): TreeProcess | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1];
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    // A zombie has no memory and no command line left; it is not running.
    if (!command) return undefined;
    return { pid, ppid: Number(field('PPid')), rss: Number(field('VmRSS') ?? 0) * 1024, command };
  } catch {
    return undefined; // gone while we looked
  }
}

/** `root` and every process below it, parents before children. */
export function processTree(root: number): TreeProcess[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is TreeProcess => p !== undefined);
  const children = new Map<number, TreeProcess[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const tree = all.filter((p) => p.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!.pid) ?? []));
  return tree;
}

export const treeRss = (tree: TreeProcess[]) => tree.reduce((sum, p) => sum + p.rss, 0);

/** esbuild's service process, which the esbuild API starts and keeps until told to stop. */
export const isBundler = (p: TreeProcess) => /(^|\/)esbuild(\s|$)/.test(p.command.split(' --')[0] ?? '');

/** A short name for a process in reports: its program and the script it runs, if any. */
export function processLabel(p: TreeProcess): string {
  const args = p.command.split(' ');
  const program = (args[0] ?? '').split('/').pop()!;
  const script = args
    .slice(1)
    .reverse()
    .find((a) => /\.(m?[jt]s)$/.test(a));
  const name = script ? `${program} ${script.split('/').slice(-2).join('/')}` : args.slice(0, 2).join(' ');
  return p.command.includes('--service=') ? `${program} (service)` : name;
}
