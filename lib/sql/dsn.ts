// Parses the relational endpoint's connection string, the Go MySQL driver's DSN form:
//   <username>:<password>@tcp(<host>:<port>)/<database>[?tls=…&timeout=…]
// Passwords may hold `@`, `:`, `/` and `%`, so the string is split on the LAST `@tcp(`
// and the user name ends at the first `:`. No error message ever quotes the input: a
// malformed string may have its password anywhere.

import { isIP } from 'node:net';
import { ServiceError } from '../errors';

export interface ConnectionTarget {
  user: string;
  password: string;
  /** Host name or IP address as written (IPv6 without brackets). */
  host: string;
  port: number;
  database: string;
  /** `tls=skip-verify` encrypts without checking the certificate; every other value verifies. */
  tlsVerify: boolean;
  /** From `timeout=`; the operator's connect timeout still caps it. */
  connectTimeoutMs?: number;
}

const FORMAT = '<username>:<password>@tcp(<host>:<port>)/<database>';
const SUPPORTED_PARAMS = 'tls=true|skip-verify|preferred and timeout=<duration such as 5s or 500ms>';
const DEFAULT_PORT = 3306;

function malformed(issue: string, advice = `Write it as ${FORMAT}`): ServiceError {
  return new ServiceError(400, 'bad_connection_string', {
    issue: `The connection string is malformed: ${issue}`,
    advice,
  });
}

/** Decodes `%XX` runs that form valid UTF-8 and leaves every other `%` as written. */
export function decodePercentEscapes(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

export function parseConnectionString(dsn: string): ConnectionTarget {
  const marker = dsn.lastIndexOf('@tcp(');
  if (marker < 0) throw malformed('it has no "@tcp(" before the host');
  const credentials = dsn.slice(0, marker);
  const rest = dsn.slice(marker + '@tcp('.length);

  const colon = credentials.indexOf(':');
  const user = decodePercentEscapes(colon < 0 ? credentials : credentials.slice(0, colon));
  const password = colon < 0 ? '' : decodePercentEscapes(credentials.slice(colon + 1));
  if (!user) throw malformed('the user name is empty');

  const close = rest.indexOf(')');
  if (close < 0) throw malformed('the host is not closed with ")"');
  const { host, port } = parseAddress(rest.slice(0, close));

  const afterAddress = rest.slice(close + 1);
  if (!afterAddress.startsWith('/')) throw malformed('"/<database>" must follow the closing ")"');
  const query = afterAddress.indexOf('?');
  const rawDatabase = query < 0 ? afterAddress.slice(1) : afterAddress.slice(1, query);
  const database = decodePercentEscapes(rawDatabase);
  if (!database) throw malformed('the database name is empty');
  if (database.length > 64 || /[/\\]/.test(database) || [...database].some((char) => char < ' ')) {
    throw malformed('the database name is not a valid name', 'Use the database name exactly as the server lists it');
  }

  const params = query < 0 ? '' : afterAddress.slice(query + 1);
  return { user, password, host, port, database, ...parseParams(params) };
}

function parseAddress(address: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(address);
  if (bracketed) {
    const host = bracketed[1] ?? '';
    if (isIP(host) !== 6) throw malformed('the address in brackets is not an IPv6 address');
    return { host, port: parsePort(bracketed[2]) };
  }
  const plain = /^([A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(address);
  if (!plain) throw malformed('the host must be a name, an IPv4 address or an [IPv6] address, then ":<port>"');
  const host = plain[1] ?? '';
  if (isIP(host) !== 4 && !isHostName(host)) throw malformed('the host is not a valid host name or IPv4 address');
  return { host, port: parsePort(plain[2]) };
}

const HOST_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
const isHostName = (host: string) =>
  host.length <= 253 &&
  host
    .replace(/\.$/, '')
    .split('.')
    .every((label) => HOST_LABEL.test(label));

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (port < 1 || port > 65535) throw malformed('the port must be between 1 and 65535');
  return port;
}

function parseParams(text: string): Pick<ConnectionTarget, 'tlsVerify' | 'connectTimeoutMs'> {
  const result: Pick<ConnectionTarget, 'tlsVerify' | 'connectTimeoutMs'> = { tlsVerify: true };
  const seen = new Set<string>();
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : decodePercentEscapes(pair.slice(equals + 1));
    if (seen.has(name)) throw malformed('a parameter is given twice', `Give each of ${SUPPORTED_PARAMS} at most once`);
    seen.add(name);
    if (name === 'tls') result.tlsVerify = value !== 'skip-verify';
    else if (name === 'timeout') result.connectTimeoutMs = parseDuration(value);
    else throw unsupportedParam(name);
  }
  return result;
}

// Other Go driver parameters are named back to the caller; anything else is not quoted,
// since a misplaced password can end up where a parameter name belongs.
const GO_DRIVER_PARAMS = new Set([
  'allowAllFiles',
  'allowCleartextPasswords',
  'allowNativePasswords',
  'allowOldPasswords',
  'charset',
  'checkConnLiveness',
  'clientFoundRows',
  'collation',
  'columnsWithAlias',
  'interpolateParams',
  'loc',
  'maxAllowedPacket',
  'multiStatements',
  'parseTime',
  'readTimeout',
  'rejectReadOnly',
  'serverPubKey',
  'writeTimeout',
  'connectionAttributes',
]);

function unsupportedParam(name: string): ServiceError {
  const shown = GO_DRIVER_PARAMS.has(name) ? `the parameter "${name}" is` : 'a parameter is';
  return malformed(`${shown} not supported`, `Use only ${SUPPORTED_PARAMS}, or remove the parameters`);
}

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go duration syntax as the driver reads `timeout`: `5s`, `500ms`, `1m30s`. */
function parseDuration(value: string): number {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  const wellFormed = parts.length > 0 && parts.map((part) => part[0]).join('') === value;
  const ms = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (DURATION_UNITS_MS[unit ?? ''] ?? NaN), 0);
  if (!wellFormed || !(ms >= 1)) {
    throw malformed(
      'the timeout is not a positive duration',
      'Write the timeout as a duration such as timeout=5s or timeout=500ms',
    );
  }
  return Math.round(ms);
}
