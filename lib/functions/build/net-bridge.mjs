// Runs inside a build's sandbox, whose network namespace has only its own loopback: listens on
// 127.0.0.1:<port> there and carries each connection to the registry proxy's Unix socket, mounted
// from outside, then runs the install command with HTTP(S)_PROXY pointing at that port. So a build
// reaches the package registries the proxy allows and nothing else: not the host's loopback
// services, not the network around it.
// argv: <socket path> <port> <command> [args...]
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

const [socketPath, port, command, ...args] = process.argv.slice(2);

const server = createServer((client) => {
  const upstream = connect(socketPath);
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});

server.listen(Number(port), '127.0.0.1', () => {
  const child = spawn(command, args, { stdio: 'inherit' });
  child.on('error', (e) => {
    process.stderr.write(`cannot start ${command}: ${e.message}\n`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
});
