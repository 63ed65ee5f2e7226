// The secret reader signs its own GetParameters call (lib/aws/ssm-parameters.ts), so a cold start's first
// request reads the JWT secret without loading the SDK's SSM client or Powertools Parameters. Against a
// loopback server: what it sends, what it loads, and how it fails.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearParameterCache, readParameters } from '../../../lib/aws/ssm-parameters';
import { startFakeSsm, type FakeSsm } from '../../support/fake-ssm';
import { modulesLoadedByAsync } from '../../support/loaded-modules';

let ssm: FakeSsm;
beforeAll(async () => {
  ssm = await startFakeSsm({ '/fnq/test/secret': 'secret-value-of-our-own' });
});
afterAll(() => ssm.stop());
afterEach(() => clearParameterCache());

/** A server that answers every request with `status` and `body`, and keeps the last request's headers. */
async function answering(status: number, body: string) {
  const seen: { headers?: IncomingMessage['headers'] } = {};
  const server: Server = createServer((req, res) => {
    seen.headers = req.headers;
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, stop: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the signed SSM reader', () => {
  it('reads a decrypted parameter in one signed GetParameters call, and reuses it within its max age', async () => {
    const where = { region: 'eu-west-1', endpoint: ssm.url };
    const first = await readParameters(['/fnq/test/secret', '/fnq/test/absent'], where);
    expect([...first]).toEqual([['/fnq/test/secret', 'secret-value-of-our-own']]);
    expect(ssm.calls).toEqual([{ names: ['/fnq/test/secret', '/fnq/test/absent'], withDecryption: true }]);
    await readParameters(['/fnq/test/secret'], where);
    expect(ssm.calls).toHaveLength(1);
  });

  it('signs for the ssm service with the target header', async () => {
    const server = await answering(200, JSON.stringify({ Parameters: [], InvalidParameters: ['/x'] }));
    try {
      await readParameters(['/x'], { region: 'eu-west-1', endpoint: server.url });
      expect(server.seen.headers?.['x-amz-target']).toBe('AmazonSSM.GetParameters');
      expect(server.seen.headers?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=\w+\/\d{8}\/eu-west-1\/ssm\//);
    } finally {
      await server.stop();
    }
  });

  it("fails with SSM's error name only (its message can quote the request), and on an answer that is not JSON", async () => {
    const denied = await answering(
      400,
      JSON.stringify({ __type: 'AccessDeniedException', message: 'not allowed to read /fnq/test/secret' }),
    );
    const garbled = await answering(200, '<html>proxy error</html>');
    try {
      const error = await readParameters(['/p'], { region: 'eu-west-1', endpoint: denied.url }).catch((e: Error) => e);
      expect(String(error)).toMatch(/SSM GetParameters failed: 400 AccessDeniedException/);
      expect(String(error)).not.toContain('/fnq/test/secret');
      await expect(readParameters(['/p'], { region: 'eu-west-1', endpoint: garbled.url })).rejects.toThrow(
        /200 an answer that is not GetParameters JSON/,
      );
    } finally {
      await Promise.all([denied.stop(), garbled.stop()]);
    }
  });

  it('loads neither the SDK nor Powertools Parameters to read', async () => {
    const { modules, printed } = await modulesLoadedByAsync(
      `const { readParameters } = await import('./lib/aws/ssm-parameters.ts');
       const found = await readParameters(['/fnq/test/secret'], { region: 'eu-west-1', endpoint: ${JSON.stringify(ssm.url)} });
       console.log(JSON.stringify(found.get('/fnq/test/secret')));`,
      { PATH: process.env.PATH },
    );
    expect(printed).toBe('secret-value-of-our-own');
    expect(modules.filter((m) => /node_modules\/(@aws-sdk|@smithy|@aws-lambda-powertools)\//.test(m))).toEqual([]);
  }, 60_000);
});
