// No MongoDB server runs here: these tests cover what can be checked without one (connection-string
// handling, an unreachable server, error mapping, read-only refusals). docs/vectors.md lists the rest.
import { createServer, type Server, type Socket } from 'node:net';
import { MongoError, MongoNetworkError, MongoParseError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../../../lib/ai/ports';
import { ServiceError } from '../../../lib/errors';
import { isVectorSearchUnavailable, mongoFailure } from '../../../lib/vectors/mongodb-errors';
import { MongoVectorStore, clientFor, connectionKey } from '../../../lib/vectors/mongodb-store';

const SECRET = 'hunter2-very-secret';
const ref = { account: 'acct', collection: 'docs' };
const query = { vector: new Float32Array(EMBEDDING_DIMENSIONS).fill(0.1), text: 'q', limit: 3 };

const store = (connectionString: string) =>
  new MongoVectorStore({
    connectionString,
    database: 'db',
    collection: 'docs',
    serverSelectionTimeoutMs: 300,
    addressPolicy: { allowLoopback: true },
  });

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ServiceError);
  const error = e as ServiceError;
  expect(JSON.stringify({ message: error.message, lines: error.lines() })).not.toContain(SECRET);
  return error;
}

// A port that accepts TCP but never speaks MongoDB, and one nothing listens on.
let silent: Server;
let silentPort: number;
const sockets = new Set<Socket>();
beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket.on('error', () => {}));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('MongoVectorStore connection handling', () => {
  it('answers 400 bad_connection_string without echoing the string', async () => {
    for (const cs of [
      `mongodb://user:${SECRET}@host:notaport/db`,
      `postgres://user:${SECRET}@host/db`,
      `mongodb://user:${SECRET}@/`,
    ]) {
      const error = await failure(store(cs).search(ref, query));
      expect(error.status).toBe(400);
      expect(error.code).toBe('bad_connection_string');
    }
  });

  it('answers 502 when no server can be selected in time', async () => {
    for (const port of [silentPort, 1]) {
      const started = Date.now();
      const error = await failure(
        store(`mongodb://user:${SECRET}@127.0.0.1:${port}/?connectTimeoutMS=200`).search(ref, query),
      );
      expect(error.status).toBe(502);
      expect(error.code).toBe('database_unreachable');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('reuses one client per connection string, keyed by a hash', () => {
    const cs = `mongodb://user:${SECRET}@127.0.0.1:27017/`;
    expect(clientFor(cs, 300)).toBe(clientFor(cs, 300));
    expect(clientFor(cs, 300)).not.toBe(clientFor(`${cs}?appName=other`, 300));
    expect(connectionKey(cs)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns no hits for an empty query without touching the database', async () => {
    const hits = await store('mongodb://127.0.0.1:1/').search(ref, {
      ...query,
      vector: new Float32Array(EMBEDDING_DIMENSIONS),
    });
    expect(hits).toEqual([]);
  });

  it('refuses writes, counts and deletes with 400', async () => {
    const s = store('mongodb://127.0.0.1:1/');
    for (const attempt of [s.upsert(), s.count(), s.deleteUpload(), s.deleteCollection()]) {
      const error = await failure(attempt);
      expect(error.status).toBe(400);
      expect(error.lines()[0]).toMatch(/not supported for your own store/);
    }
  });
});

describe('mongoFailure', () => {
  const serverError = (code: number, errmsg: string, codeName?: string) =>
    new MongoServerError({ code, errmsg, codeName });

  it('maps authentication failures, from MongoDB and from Atlas, to 400', () => {
    for (const e of [
      serverError(18, 'Authentication failed.'),
      serverError(8000, 'bad auth : authentication failed', 'AtlasError'),
    ]) {
      expect(mongoFailure(e)).toMatchObject({ status: 400, code: 'database_auth_failed' });
    }
  });

  it('maps parse errors to 400 and network failures to 502', () => {
    expect(mongoFailure(new MongoParseError(`bad uri with ${SECRET}`))).toMatchObject({
      status: 400,
      code: 'bad_connection_string',
    });
    expect(mongoFailure(new MongoParseError(`bad uri with ${SECRET}`))!.message).not.toContain(SECRET);
    expect(mongoFailure(new MongoNetworkError('connection reset'))).toMatchObject({ status: 502 });
    expect(
      mongoFailure(Object.assign(new Error('querySrv ENOTFOUND _mongodb._tcp.x'), { code: 'ENOTFOUND' })),
    ).toMatchObject({ status: 502 });
    expect(
      mongoFailure(
        new MongoServerSelectionError('timed out', {
          type: 'Unknown',
          servers: new Map(),
          stale: false,
          compatible: true,
          heartbeatFrequencyMS: 1,
          localThresholdMS: 1,
          setName: null,
          maxElectionId: null,
          maxSetVersion: null,
          commonWireVersion: 0,
          logicalSessionTimeoutMinutes: null,
        } as never),
      ),
    ).toMatchObject({ status: 502 });
  });

  it('reports other server errors as a rejected search, and leaves our own bugs alone', () => {
    const e = mongoFailure(
      serverError(2, 'vector field is indexed with 1536 dimensions but queried with 768', 'BadValue'),
    );
    expect(e).toMatchObject({ status: 400, code: 'database_query_failed' });
    expect(e!.lines()[0]).toContain('1536 dimensions');
    expect(mongoFailure(new TypeError('x is undefined'))).toBeUndefined();
    expect(mongoFailure(new MongoError('unreadable reply at /srv/app/node_modules/x.js:1'))).toMatchObject({
      status: 502,
      code: 'database_unreachable',
    });
    expect(mongoFailure(new MongoError('x'))!.lines()[0]).not.toContain('node_modules');
  });

  it('recognises every way a server says it has no $vectorSearch', () => {
    expect(isVectorSearchUnavailable(serverError(40324, "Unrecognized pipeline stage name: '$vectorSearch'"))).toBe(
      true,
    );
    expect(
      isVectorSearchUnavailable(serverError(6047401, '$vectorSearch stage is only allowed on MongoDB Atlas')),
    ).toBe(true);
    expect(
      isVectorSearchUnavailable(
        serverError(31082, 'Using $vectorSearch requires a search engine, which is not enabled'),
      ),
    ).toBe(true);
    expect(isVectorSearchUnavailable(serverError(2, 'bad numCandidates'))).toBe(false);
    expect(isVectorSearchUnavailable(new Error('Unrecognized pipeline stage name'))).toBe(false);
  });
});
