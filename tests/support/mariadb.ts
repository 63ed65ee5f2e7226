// Starts a private MariaDB server for tests and benchmarks: its own data directory, socket
// and port on 127.0.0.1, TLS with a throwaway CA and require_secure_transport=ON, a real
// user with a password. When MariaDB is missing and we are root it is installed from the
// Debian packages, at most once per machine; otherwise the caller skips with the reason.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createConnection, type Connection } from 'mysql2/promise';
import { freePort } from '../../local/emulators';
import { ensureDebianPrograms, findExecutable } from './debian-packages';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

export interface MariaDbServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** The test CA that signed the server certificate (empty without TLS). */
  caPem: string;
  version: string;
  /** The Go-driver connection string for the test user, password written as is. */
  dsn(options?: { password?: string; database?: string; params?: string }): string;
  /** A root connection over the private socket (multiple statements allowed), for seeding and checks. */
  admin(): Promise<Connection>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Default true: TLS with require_secure_transport=ON. False starts a server that cannot encrypt. */
  tls?: boolean;
  /** Keep the data here across runs (initialised when empty, never removed by stop()). */
  datadir?: string;
  /** Directory the server may read with LOAD DATA INFILE (secure_file_priv); default a private empty one. */
  fileDir?: string;
  /** Subject alternative names of the server certificate; default DNS:localhost and IP:127.0.0.1. */
  certificateNames?: string[];
}

const serverBinary = () => findExecutable(['mariadbd', 'mysqld']);
const installDbBinary = () => findExecutable(['mariadb-install-db', 'mysql_install_db']);

let availability: Promise<string | undefined> | undefined;

/** Why MariaDB tests cannot run here, or undefined when they can (installing MariaDB first if needed). */
export function mariaDbUnavailableReason(): Promise<string | undefined> {
  availability ??= ensureInstalled();
  return availability;
}

async function ensureInstalled(): Promise<string | undefined> {
  const reason = await ensureDebianPrograms([{ programs: ['mariadbd', 'mysqld'], pkg: 'mariadb-server' }]);
  if (reason) return reason;
  return serverBinary() && installDbBinary()
    ? undefined
    : 'mariadb-server is installed but mariadb-install-db was not found';
}

async function makeCertificates(dir: string, names: string[]): Promise<{ ca: string; cert: string; key: string }> {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const path = (name: string) => join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
    '-days',
    '7',
    '-subj',
    '/CN=fnquery test CA',
  ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    path('server.key'),
    '-out',
    path('server.csr'),
    '-subj',
    '/CN=localhost',
  ]);
  await writeFile(
    path('server.ext'),
    `subjectAltName=${names.join(',')}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-out',
    path('server.pem'),
    '-days',
    '7',
    '-extfile',
    path('server.ext'),
  ]);
  return { ca: path('ca.pem'), cert: path('server.pem'), key: path('server.key') };
}

/**
 * The bootstrap server gets the test's own temporary directory: a MariaDB server removes leftover
 * `#sql*` files from its tmpdir when it starts, so two bootstraps sharing /tmp (test files run in
 * parallel) could delete each other's temporary tables mid-bootstrap.
 */
async function initialiseDatadir(datadir: string, tmp: string): Promise<void> {
  if (existsSync(join(datadir, 'mysql'))) return;
  const installDb = installDbBinary();
  if (!installDb) throw new Error('mariadb-install-db not found');
  await run(installDb, [
    '--no-defaults',
    `--datadir=${datadir}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...(isRoot ? ['--user=root'] : []),
    `--tmpdir=${tmp}`,
  ]);
}

async function waitUntilReady(socketPath: string, child: ChildProcess, errorLog: string): Promise<Connection> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = await readFile(errorLog, 'utf8').catch(() => '');
      throw new Error(`mariadbd exited during start-up:\n${log.split('\n').slice(-15).join('\n')}`);
    }
    try {
      return await createConnection({ socketPath, user: 'root', multipleStatements: true });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export async function startMariaDb(options: StartOptions = {}): Promise<MariaDbServer> {
  const binary = serverBinary();
  if (!binary) throw new Error((await mariaDbUnavailableReason()) ?? 'mariadbd not found');
  const tls = options.tls ?? true;
  const dir = await mkdtemp(join(tmpdir(), 'fnq-mariadb-'));
  const datadir = options.datadir ?? join(dir, 'data');
  const fileDir = options.fileDir ?? join(dir, 'files');
  await mkdir(fileDir, { recursive: true });
  const names = options.certificateNames ?? ['DNS:localhost', 'IP:127.0.0.1'];
  const [certificates] = await Promise.all([
    tls ? makeCertificates(dir, names) : undefined,
    initialiseDatadir(datadir, dir),
  ]);
  const port = await freePort();
  const socketPath = join(dir, 'mariadb.sock');
  const errorLog = join(dir, 'error.log');
  const child = spawn(
    binary,
    [
      '--no-defaults',
      ...(isRoot ? ['--user=root'] : []),
      `--datadir=${datadir}`,
      `--socket=${socketPath}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${join(dir, 'mariadbd.pid')}`,
      `--tmpdir=${dir}`,
      `--log-error=${errorLog}`,
      `--secure-file-priv=${fileDir}`,
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=128M',
      '--innodb-flush-log-at-trx-commit=2',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      ...(certificates
        ? [
            `--ssl-ca=${certificates.ca}`,
            `--ssl-cert=${certificates.cert}`,
            `--ssl-key=${certificates.key}`,
            '--require-secure-transport=ON',
          ]
        : ['--skip-ssl']),
    ],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const root = await waitUntilReady(socketPath, child, errorLog);
    const user = 'fnq_test';
    // @, :, / and a % that is not an escape: the connection string parser must carry them through.
    const password = `t@st:pw/%z-${randomBytes(6).toString('hex')}`;
    const database = 'fnq_test';
    // ALTER rather than re-create, so a kept data directory keeps the user's grants.
    await root.query(
      `CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4;
       CREATE USER IF NOT EXISTS ${quote(user)}@'%';
       ALTER USER ${quote(user)}@'%' IDENTIFIED BY ${quote(password)};
       GRANT ALL PRIVILEGES ON ${database}.* TO ${quote(user)}@'%';`,
    );
    const [[row]] = (await root.query('SELECT VERSION() AS version')) as unknown as [[{ version: string }]];
    await root.end();
    const caPem = certificates ? await readFile(certificates.ca, 'utf8') : '';
    return {
      host: '127.0.0.1',
      port,
      user,
      password,
      database,
      caPem,
      version: row.version,
      dsn: (o = {}) =>
        `${user}:${o.password ?? password}@tcp(127.0.0.1:${port})/${o.database ?? database}${o.params ? `?${o.params}` : ''}`,
      admin: () => createConnection({ socketPath, user: 'root', multipleStatements: true }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
