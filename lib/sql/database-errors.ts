// Turns mysql2 and socket errors into the service's errors. The caller's database is the
// caller's business (400) when it refuses us for a reason they can fix; it is a gateway
// failure (502/504) when it cannot be reached or does not answer in time.

import { ServiceError, badGateway, badRequest, gatewayTimeout } from '../errors';

interface DriverError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  message?: string;
}

const asDriverError = (error: unknown): DriverError => (typeof error === 'object' && error !== null ? error : {});

/** Removes the password from driver text before it reaches a message; the driver should never echo it, but a log line is forever. */
export function redactSecret(text: string, secret: string): string {
  return secret.length >= 3 ? text.split(secret).join('***') : text;
}

// MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT, and the mysql2 query timeout backstop.
const TIMEOUT_ERRNOS = new Set([1969, 3024]);
export const isStatementTimeout = (error: unknown): boolean => {
  const { errno, code } = asDriverError(error);
  return (errno !== undefined && TIMEOUT_ERRNOS.has(errno)) || code === 'PROTOCOL_SEQUENCE_TIMEOUT';
};

const LOST_CONNECTION_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
export const isConnectionLost = (error: unknown): boolean => LOST_CONNECTION_CODES.has(asDriverError(error).code ?? '');

const NOT_TLS = /wrong version number|ssl3_get_record|record layer failure|packet length too long|unexpected eof/i;

const TLS_ADVICE =
  'Use a certificate from a public certificate authority that names the host of the connection string, ask the operator to trust your CA, or add ?tls=skip-verify to encrypt without verifying the server';

export interface ConnectFailureContext {
  host: string;
  port: number;
  database: string;
  password: string;
  connectTimeoutMs: number;
}

export function connectFailure(error: unknown, context: ConnectFailureContext): ServiceError {
  const { code, errno, message = '' } = asDriverError(error);
  const options = { cause: error };
  switch (code) {
    case 'HANDSHAKE_NO_SSL_SUPPORT':
      return badRequest(
        'The database does not accept encrypted connections',
        'Enable SSL on the database server (set ssl_cert and ssl_key, ideally require_secure_transport=ON); the service connects only over TLS',
        'database_tls_unavailable',
        options,
      );
    case 'HANDSHAKE_SSL_ERROR':
      // OpenSSL's record-layer errors mean the peer does not speak TLS at all (not a MySQL server, or
      // a hostile one): the server is wrong, not the caller's certificate.
      if (NOT_TLS.test(message)) {
        return badGateway(
          `The server at ${context.host}:${context.port} did not answer the TLS handshake as a MySQL/MariaDB server would`,
          'Check the host and port of the connection string: they must be those of a MySQL or MariaDB server with SSL enabled',
          'database_unreachable',
          options,
        );
      }
      return badRequest(
        `The database's TLS certificate was not accepted: ${redactSecret(message, context.password)}`,
        TLS_ADVICE,
        'database_tls_rejected',
        options,
      );
    case 'ETIMEDOUT':
      return gatewayTimeout(
        `The database at ${context.host}:${context.port} did not answer within ${context.connectTimeoutMs} ms`,
        "Check that the database is running and that its firewall allows the service's origin addresses",
        'database_timeout',
        options,
      );
    case 'ECONNREFUSED':
      return badGateway(
        `The database at ${context.host}:${context.port} refused the connection`,
        'Check the host and port of the connection string and that the server listens there',
        'database_unreachable',
        options,
      );
    default:
      break; // other codes are told apart by their errno below
  }
  switch (errno) {
    case 1045: // ER_ACCESS_DENIED_ERROR
    case 1698: // ER_ACCESS_DENIED_NO_PASSWORD_ERROR
      return badRequest(
        'The database refused the user name or password',
        'Check the user name and password of the connection string; a % followed by two hex digits is read as an escape, so write a literal % as %25',
        'database_access_denied',
        options,
      );
    case 1044: // ER_DBACCESS_DENIED_ERROR
      return badRequest(
        `The database user may not use the database ${context.database}`,
        'Grant the user SELECT on the tables to query',
        'database_access_denied',
        options,
      );
    case 1049: // ER_BAD_DB_ERROR
      return badRequest(
        `The database ${context.database} does not exist on the server`,
        'Check the database name of the connection string; names are case-sensitive',
        'database_not_found',
        options,
      );
    case 1130: // ER_HOST_NOT_PRIVILEGED
      return badRequest(
        "The database does not accept connections from the service's address",
        "Allow the service's origin addresses for this user on the database server",
        'database_access_denied',
        options,
      );
    default:
      break; // anything else is the generic failure below
  }
  return badGateway(
    `The database connection failed: ${redactSecret(message, context.password) || code || 'no reason given'}`,
    'Check that the database is running and reachable, then retry',
    'database_unreachable',
    options,
  );
}

/** Errors of a statement the service sent (introspection or the generated query). */
export function statementFailure(
  error: unknown,
  problem: { issue: string; advice: string; query?: string },
): ServiceError {
  const { sqlMessage, message = '' } = asDriverError(error);
  const options = { cause: error };
  if (isStatementTimeout(error)) {
    const issue = 'The query ran longer than the time limit and was stopped';
    const advice = 'Ask a narrower question (fewer rows, a filter or a smaller time range)';
    return new ServiceError(504, 'database_timeout', { issue, advice, query: problem.query }, options);
  }
  if (isConnectionLost(error) || sqlMessage === undefined) {
    return badGateway(
      `The database connection failed while running the query: ${message}`,
      'Retry the request',
      'database_unreachable',
      options,
    );
  }
  return new ServiceError(400, 'query_failed', { ...problem, issue: `${problem.issue}: ${sqlMessage}` }, options);
}
