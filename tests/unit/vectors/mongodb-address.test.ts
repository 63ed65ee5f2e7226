// The caller's MongoDB under the one address policy, TLS rule and deadline. Everything here is on
// loopback or in-process: SRV records and host names come from injected resolvers.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../../../lib/ai/ports';
import { ServiceError } from '../../../lib/errors';
import type { ResolvedAddress } from '../../../lib/net/address-policy';
import {
  checkMongoAddresses,
  parseMongoHosts,
  policyLookup,
  type MongoAddressPolicy,
} from '../../../lib/vectors/mongodb-address';
import { MongoVectorStore } from '../../../lib/vectors/mongodb-store';

const SECRET = 'pw-never-shown';
const query = { vector: new Float32Array(EMBEDDING_DIMENSIONS).fill(0.1), text: 'q', limit: 3 };

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(e)}`);
  const text = JSON.stringify({ message: e.message, lines: e.lines() });
  expect(text).not.toContain(SECRET);
  // A clean envelope: no stack frames, no file paths.
  expect(text).not.toMatch(/\\n\s+at |\.[jt]s:\d|node_modules/);
  return e;
}

/** Names resolve through this table, as a DNS server would answer. */
const names: Record<string, string> = {
  'public.example.test': '8.8.8.8',
  'metadata.example.test': '169.254.169.254',
  'nat64-metadata.example.test': '64:ff9b::a9fe:a9fe',
  'vpc.example.test': '10.0.0.7',
  'bench.example.test': '198.18.0.9',
  'loop.example.test': '127.0.0.1',
};
const lookup = async (host: string): Promise<ResolvedAddress[]> => {
  const address = names[host];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};
const srv = (records: Record<string, string[]>) => async (name: string) => {
  const targets = records[name];
  if (!targets) throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
  return targets.map((target) => ({ name: target, port: 27017 }));
};

describe('the MongoDB address policy', () => {
  const policy: MongoAddressPolicy = { lookup };

  it('reads every host of a seed list, IPv6 in brackets included', () => {
    expect(parseMongoHosts(`mongodb://u:${SECRET}@a.test:27018,[::1]:27019,b.test/db?replicaSet=rs`).hosts).toEqual([
      { host: 'a.test', port: 27018 },
      { host: '::1', port: 27019 },
      { host: 'b.test', port: 27017 },
    ]);
  });

  it.each([
    ['mongodb://127.0.0.1:27017/db', 'loopback'],
    ['mongodb://[::1]/db', 'loopback'],
    ['mongodb://169.254.169.254/db', 'metadata'],
    ['mongodb://[64:ff9b::a9fe:a9fe]/db', 'metadata'],
    ['mongodb://[2002:a00:1::1]/db', 'private'],
    ['mongodb://public.example.test,metadata.example.test/db', 'metadata'],
    ['mongodb://vpc.example.test/db', 'private'],
    ['mongodb://bench.example.test/db', 'reserved'],
    ['mongodb://nat64-metadata.example.test/db', 'metadata'],
  ])('refuses %s (%s) before connecting', async (connectionString, category) => {
    const error = await failure(checkMongoAddresses(connectionString, policy));
    expect(error.status).toBe(400);
    expect(error.code).toBe('database_address_refused');
    expect(error.lines()[0]).toContain(`${category} address`);
  });

  it('checks every host an SRV record lists', async () => {
    const resolveSrv = srv({
      '_mongodb._tcp.cluster.example.test': ['public.example.test', 'metadata.example.test.'],
      '_mongodb._tcp.good.example.test': ['public.example.test'],
    });
    const error = await failure(
      checkMongoAddresses(`mongodb+srv://u:${SECRET}@cluster.example.test/db`, { lookup, resolveSrv }),
    );
    expect(error.code).toBe('database_address_refused');
    expect(error.lines()[0]).toContain('metadata.example.test resolves to 169.254.169.254');
    await expect(
      checkMongoAddresses('mongodb+srv://good.example.test/db', { lookup, resolveSrv }),
    ).resolves.toBeUndefined();
    expect(
      (await failure(checkMongoAddresses('mongodb+srv://none.example.test/db', { lookup, resolveSrv }))).status,
    ).toBe(400);
  });

  it('lets private and loopback through only when the operator allows them', async () => {
    await expect(
      checkMongoAddresses('mongodb://vpc.example.test/db', { lookup, allowPrivate: true }),
    ).resolves.toBeUndefined();
    await expect(checkMongoAddresses('mongodb://127.0.0.1/db', { allowLoopback: true })).resolves.toBeUndefined();
    // The metadata endpoint stays refused whatever the switches say.
    expect(
      (
        await failure(
          checkMongoAddresses('mongodb://metadata.example.test/db', {
            lookup,
            allowPrivate: true,
            allowLoopback: true,
          }),
        )
      ).status,
    ).toBe(400);
  });

  it('refuses a string that turns TLS off', async () => {
    for (const cs of [
      `mongodb://u:${SECRET}@public.example.test/db?tls=false`,
      'mongodb://public.example.test/db?ssl=FALSE&w=1',
    ]) {
      const error = await failure(checkMongoAddresses(cs, policy));
      expect(error.status).toBe(400);
      expect(error.code).toBe('database_tls_required');
    }
    await expect(checkMongoAddresses('mongodb://public.example.test/db?tls=true', policy)).resolves.toBeUndefined();
  });

  it("refuses authentication that would use the service's identity, and options naming local files", async () => {
    for (const [cs, named] of [
      ['mongodb://public.example.test/db?authMechanism=MONGODB-AWS', 'authMechanism=MONGODB-AWS'],
      ['mongodb://public.example.test/db?authmechanism=mongodb-oidc', 'authMechanism=mongodb-oidc'],
      ['mongodb://public.example.test/db?authMechanism=GSSAPI', 'authMechanism=GSSAPI'],
      ['mongodb://public.example.test/db?authMechanism=MONGODB-X509', 'authMechanism=MONGODB-X509'],
      ['mongodb://public.example.test/db?authMechanismProperties=ENVIRONMENT:azure', 'authMechanismProperties'],
      ['mongodb://public.example.test/db?tlsCertificateKeyFile=/proc/self/environ', 'tlsCertificateKeyFile'],
      ['mongodb://public.example.test/db?tlsCAFile=/etc/shadow', 'tlsCAFile'],
    ]) {
      const error = await failure(checkMongoAddresses(cs!, policy));
      expect(error.status).toBe(400);
      expect(error.code).toBe('database_option_refused');
      expect(error.message).toContain(named);
    }
    for (const allowed of ['SCRAM-SHA-256', 'scram-sha-1', 'PLAIN'])
      await expect(
        checkMongoAddresses(`mongodb://u:${SECRET}@public.example.test/db?authMechanism=${allowed}`, policy),
      ).resolves.toBeUndefined();
  });

  it("gives the driver's sockets only allowed addresses, so a second DNS answer cannot swap one in", async () => {
    const resolve = (host: string, all: boolean) =>
      new Promise((done) =>
        policyLookup(policy)(host, { all }, (error, address, family) =>
          done(error ? `refused: ${error.message}` : { address, family }),
        ),
      );
    expect(await resolve('public.example.test', false)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await resolve('public.example.test', true)).toEqual({
      address: [{ address: '8.8.8.8', family: 4 }],
      family: undefined,
    });
    expect(await resolve('loop.example.test', false)).toMatch(/^refused: .*loopback address/);
  });
});

describe('a wrong server behind a MongoDB connection string', () => {
  // A server that speaks first, as MySQL and MariaDB do, then streams bytes without end.
  let chatty: Server;
  let chattyPort: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    chatty = createServer((socket) => {
      sockets.add(socket.on('error', () => {}));
      const greeting = Buffer.concat([
        Buffer.from([0x5b, 0, 0, 0, 0x0a]),
        Buffer.from('11.8.3-MariaDB\0'),
        randomBytes(70),
      ]);
      socket.write(greeting);
      const flood = setInterval(() => socket.writable && socket.write(randomBytes(64 * 1024)), 5);
      socket.on('close', () => clearInterval(flood));
    });
    await new Promise<void>((resolve) => chatty.listen(0, '127.0.0.1', resolve));
    chattyPort = (chatty.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => chatty.close(resolve));
  });

  it('answers a clean 502 within the deadline, with bounded memory', async () => {
    const store = new MongoVectorStore({
      connectionString: `mongodb://u:${SECRET}@127.0.0.1:${chattyPort}/db`,
      database: 'db',
      collection: 'docs',
      serverSelectionTimeoutMs: 1_000,
      addressPolicy: { allowLoopback: true },
    });
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const error = await failure(store.search({ account: 'a', collection: 'docs' }, query));
    expect(error.status).toBe(502);
    expect(error.code).toBe('database_unreachable');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
