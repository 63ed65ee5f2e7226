// The first process inside a Lambda-shaped sandbox (tests/support/lambda-rie.ts builds it). The sandbox has
// its own network namespace with loopback only, so this bridges it to the host through Unix sockets in
// /var/rie/bridge: the host's invocations reach the emulator's port, and the ports the Lambda may reach
// (the test's emulators) are forwarded out. Then it runs the Runtime Interface Emulator with the command it
// was given, in its own environment (the Lambda's), and exits with it.
//   node sandbox-init.mjs <invoke port> <reach port,…> -- <aws-lambda-rie and its arguments…>
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

const BRIDGE = '/var/rie/bridge';
const [invokePort, reach, dashes, ...command] = process.argv.slice(2);
if (dashes !== '--' || command.length === 0) throw new Error('usage: sandbox-init <port> <ports> -- <command…>');

const pipeTo = (connect) => (socket) => {
  const upstream = connect();
  socket.pipe(upstream).pipe(socket);
  // Either side failing ends both: the caller sees a reset and retries if it wants to.
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
};

for (const port of (reach ?? '').split(',').filter(Boolean)) {
  createServer(pipeTo(() => createConnection(`${BRIDGE}/out-${port}.sock`))).listen(Number(port), '127.0.0.1');
}
createServer(pipeTo(() => createConnection(Number(invokePort), '127.0.0.1'))).listen(`${BRIDGE}/invoke.sock`);

const rie = spawn(command[0], command.slice(1), { stdio: 'inherit' });
rie.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => rie.kill(signal));
