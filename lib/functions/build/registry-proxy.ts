// The only way out of a build's sandbox: an HTTP proxy on a Unix socket (net-bridge.mjs carries the
// sandbox's connections to it) that opens tunnels (CONNECT) and forwards plain requests to the
// package registries it allows, by host and port, and refuses everything else with a 403. Started
// for one install step and closed after it; the step's log says what was refused.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Where dependency installs may go by default: the public registries of npm, PyPI, Go modules and Maven Central. */
export const DEFAULT_REGISTRIES = [
  'registry.npmjs.org:443',
  'pypi.org:443',
  'files.pythonhosted.org:443',
  'proxy.golang.org:443',
  'sum.golang.org:443',
  'storage.googleapis.com:443',
  'repo.maven.apache.org:443',
  'repo1.maven.org:443',
];

export interface RegistryProxy {
  /** host:port pairs refused so far, for the build's error. */
  refused: Set<string>;
  close(): Promise<void>;
}

const hostPort = (host: string, port: string | number) => `${host.toLowerCase()}:${port}`;

/** Listens on `socketPath`; allows `host:port` entries of `allowed` only. */
export async function startRegistryProxy(socketPath: string, allowed: readonly string[]): Promise<RegistryProxy> {
  const allow = new Set(allowed.map((a) => a.toLowerCase()));
  const refused = new Set<string>();
  const sockets = new Set<Socket>();
  const permitted = (target: string) => {
    if (allow.has(target)) return true;
    refused.add(target);
    return false;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return void res.writeHead(400).end('absolute URL expected\n');
    }
    if (url.protocol !== 'http:' || !permitted(hostPort(url.hostname, url.port || 80)))
      return void res.writeHead(403).end('not a package registry this service allows\n');
    const upstream = request(
      {
        host: url.hostname,
        port: url.port || 80,
        path: url.pathname + url.search,
        method: req.method,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    if (!host || !port || !permitted(hostPort(host, port))) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return {
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
