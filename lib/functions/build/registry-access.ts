// Registry access for one dependency install in the sandbox: a private folder holding the registry
// proxy's socket and the bridge script, mounted into the sandbox, and the install command wrapped so
// the bridge starts first and the package managers find the proxy in HTTP(S)_PROXY.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Launch } from '../process-runtime/toolchains';
import { netBridgeSource, REGISTRY_PROXY_PORT } from './net-bridge-source';
import { startRegistryProxy, type RegistryProxy } from './registry-proxy';

/** Where the folder appears inside the sandbox. */
export const NET_INSIDE = '/net';

export interface RegistryAccess {
  /** The host folder to mount at NET_INSIDE. */
  dir: string;
  proxy: RegistryProxy;
  /** The install command, run behind the bridge. */
  wrap(launch: Launch): Launch;
  close(): Promise<void>;
}

export async function openRegistryAccess(allowed: readonly string[]): Promise<RegistryAccess> {
  // Under the system's temporary folder, not the work folder: a Unix socket's path has at most 107 bytes.
  const dir = await mkdtemp(join(tmpdir(), 'fnq-net-'));
  // The build's unprivileged user passes through the folder, reads the bridge and connects to the socket.
  await chmod(dir, 0o755);
  await writeFile(join(dir, 'bridge.mjs'), netBridgeSource, { mode: 0o644 });
  const proxy = await startRegistryProxy(join(dir, 'proxy.sock'), allowed);
  await chmod(join(dir, 'proxy.sock'), 0o666);
  const url = `http://127.0.0.1:${REGISTRY_PROXY_PORT}`;
  return {
    dir,
    proxy,
    wrap: (launch) => ({
      ...launch,
      command: process.execPath,
      args: [
        join(NET_INSIDE, 'bridge.mjs'),
        join(NET_INSIDE, 'proxy.sock'),
        String(REGISTRY_PROXY_PORT),
        launch.command,
        ...launch.args,
      ],
      env: { ...launch.env, HTTPS_PROXY: url, HTTP_PROXY: url, https_proxy: url, http_proxy: url },
      programs: [...launch.programs, process.execPath],
    }),
    async close() {
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
