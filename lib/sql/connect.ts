// Opens a connection to the caller's MySQL or MariaDB, always over TLS (docs/interface.md:
// "connects only to SSL-enabled databases"). The socket goes to the address the address
// policy checked; the certificate is verified against the host name the caller wrote.

import { connect as connectSocket, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { rootCertificates } from 'node:tls';
import { createConnection, type Connection, type RowDataPacket, type SslOptions } from 'mysql2/promise';
import { resolveAllowedAddress, type AddressPolicyOptions } from '../net/address-policy';
import { connectFailure, statementFailure } from './database-errors';
import type { ConnectionTarget } from './dsn';

import type { SqlFlavour } from '@fnquery/contracts';

export type { SqlFlavour };

export interface ConnectOptions extends AddressPolicyOptions {
  /** PEM certificates the operator trusts besides the system roots (e.g. a cloud provider's RDS bundle). */
  extraCAs?: readonly string[];
  /** Upper bound for TCP + TLS + login; a shorter `timeout=` in the connection string wins. */
  connectTimeoutMs: number;
  /** Every statement of the session is stopped by the server after this long. */
  statementTimeoutMs: number;
}

export interface DatabaseSession {
  connection: Connection;
  flavour: SqlFlavour;
  serverVersion: string;
  database: string;
  statementTimeoutMs: number;
  close(): Promise<void>;
}

export const flavourOf = (version: string): SqlFlavour => (/mariadb/i.test(version) ? 'MariaDB' : 'MySQL');

// mysql2 reuses a TLS context for the same ssl object; building one from the ~140 system
// roots costs about 20 ms, so each (CA list, verify) pair keeps one ssl object.
const NO_EXTRA_CAS: readonly string[] = [];
const sslProfiles = new WeakMap<readonly string[], Map<boolean, SslOptions>>();

function sslProfile(extraCAs: readonly string[], verify: boolean): SslOptions {
  const byVerify = sslProfiles.get(extraCAs) ?? new Map<boolean, SslOptions>();
  sslProfiles.set(extraCAs, byVerify);
  const profile = byVerify.get(verify) ?? {
    ca: [...rootCertificates, ...extraCAs],
    rejectUnauthorized: verify,
    verifyIdentity: verify,
  };
  byVerify.set(verify, profile);
  return profile;
}

export async function connectToDatabase(target: ConnectionTarget, options: ConnectOptions): Promise<DatabaseSession> {
  const { address } = await resolveAllowedAddress(target.host, options);
  const connectTimeoutMs = Math.min(target.connectTimeoutMs ?? options.connectTimeoutMs, options.connectTimeoutMs);
  let connection: Connection;
  try {
    connection = await createConnection({
      // `host` only names the server for TLS (SNI and the certificate check); the socket goes to `address`.
      host: target.host,
      port: target.port,
      stream: () => socketTo(address, target),
      user: target.user,
      password: target.password,
      database: target.database,
      ssl: sslProfile(options.extraCAs ?? NO_EXTRA_CAS, target.tlsVerify),
      connectTimeout: connectTimeoutMs,
      // A hostile server may ask the client for a local file (LOAD DATA LOCAL): do not offer it.
      // IGNORE_SPACE would make built-in function names reserved words, unlike other clients.
      flags: ['-LOCAL_FILES', '-IGNORE_SPACE'],
      multipleStatements: false,
      dateStrings: true,
      supportBigNumbers: true,
    });
  } catch (error) {
    throw connectFailure(error, { ...target, connectTimeoutMs });
  }
  try {
    return await prepareSession(connection, target.database, options.statementTimeoutMs);
  } catch (error) {
    connection.destroy();
    throw statementFailure(error, { issue: 'The database session could not be prepared', advice: 'Retry the request' });
  }
}

function socketTo(address: string, target: ConnectionTarget): Socket {
  const socket = connectSocket({ host: address, port: target.port }).setNoDelay(true);
  // Node checks the certificate against `servername`, else the socket's `_host`, else "localhost".
  // mysql2 sends no servername for an IP host (SNI forbids IPs), and a socket opened to an IP
  // has no `_host`, so without this an IP host would be checked as "localhost".
  return Object.assign(socket, { _host: target.host });
}

/** Runs `work` with a session that is always closed afterwards. */
export async function withDatabaseSession<T>(
  target: ConnectionTarget,
  options: ConnectOptions,
  work: (session: DatabaseSession) => Promise<T>,
): Promise<T> {
  const session = await connectToDatabase(target, options);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

// The guard reads SQL with MySQL's default lexical rules: "…" is a string and a backslash
// escapes. ANSI_QUOTES or NO_BACKSLASH_ESCAPES would make the server read the same text
// differently from the guard, so the session drops them.
const LEXICAL_MODES = new Set(['ANSI_QUOTES', 'NO_BACKSLASH_ESCAPES']);

async function prepareSession(
  connection: Connection,
  database: string,
  statementTimeoutMs: number,
): Promise<DatabaseSession> {
  const [[server]] = await connection.query<RowDataPacket[]>(
    'SELECT VERSION() AS version, @@SESSION.sql_mode AS sqlMode',
  );
  const serverVersion = String(server?.version ?? '');
  const flavour = flavourOf(serverVersion);
  const sqlMode = String(server?.sqlMode ?? '')
    .split(',')
    .filter((mode) => mode && !LEXICAL_MODES.has(mode))
    .join(',');
  // MariaDB counts the limit in seconds for every statement, MySQL in milliseconds for SELECTs.
  const timeoutSetting =
    flavour === 'MariaDB'
      ? ['max_statement_time', statementTimeoutMs / 1000]
      : ['max_execution_time', Math.ceil(statementTimeoutMs)];
  await connection.query(`SET SESSION sql_mode = ?, SESSION ${timeoutSetting[0]} = ?`, [sqlMode, timeoutSetting[1]]);
  return { connection, flavour, serverVersion, database, statementTimeoutMs, close: () => closeQuietly(connection) };
}

const CLOSE_GRACE_MS = 1000;

/** Says goodbye politely when the server answers, and tears the socket down when it does not. */
async function closeQuietly(connection: Connection): Promise<void> {
  const ended = connection.end().then(
    () => true,
    () => false,
  );
  const inTime = await Promise.race([ended, sleep(CLOSE_GRACE_MS, false, { ref: false })]);
  if (!inTime) connection.destroy();
}
