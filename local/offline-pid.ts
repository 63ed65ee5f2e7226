// serverless offline runs in its own process group, so `kill -9` of `npm start` leaves it running,
// holding the port and an old view of the emulators. Its pid is kept in the data directory; the
// next start ends it first. Linux only (/proc tells us the pid is still that program); elsewhere a
// stale file is ignored.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pidFile = (dataDir: string) => join(dataDir, 'offline.pid');

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

export async function endOrphanedOffline(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return;
  }
  if (!(pid > 0) || !/serverless\.js\0offline/.test(commandLine(pid))) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return;
  }
  // Gone (or a zombie, whose command line is empty) means its sockets are closed.
  for (let waited = 0; waited < 5000 && commandLine(pid); waited += 50) await new Promise((r) => setTimeout(r, 50));
}

export const recordOffline = (dataDir: string, pid: number) => writeFileSync(pidFile(dataDir), String(pid));

export const forgetOffline = (dataDir: string) => rmSync(pidFile(dataDir), { force: true });
