// What went wrong with the caller's own MongoDB, in the service's error terms. Connection strings
// hold passwords, so no message here quotes the string or the driver's text about it.
import {
  MongoError,
  MongoInvalidArgumentError,
  MongoMissingCredentialsError,
  MongoNetworkError,
  MongoParseError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';
import { badGateway, badRequest, type ServiceError } from '../errors';
import { scrub } from '../log';

const AUTHENTICATION_FAILED = 18;
const UNAUTHORIZED = 13;
// Servers without `$vectorSearch`: an old or community server does not know the stage (40324);
// an Enterprise/community 7.x+ server knows it but says it is Atlas-only (6047401); a server
// built with search support but no mongot reports it is not enabled (31082).
const VECTOR_SEARCH_UNAVAILABLE_CODES = new Set([40324, 6047401, 31082]);
const VECTOR_SEARCH_UNAVAILABLE = /unrecognized pipeline stage name|only allowed on mongodb atlas|search.*not enabled/i;
// DNS and socket failures that happen before the driver wraps them (mongodb+srv lookups).
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'EAI_AGAIN',
]);

export function isVectorSearchUnavailable(e: unknown): boolean {
  if (!(e instanceof MongoServerError)) return false;
  return (
    (typeof e.code === 'number' && VECTOR_SEARCH_UNAVAILABLE_CODES.has(e.code)) ||
    VECTOR_SEARCH_UNAVAILABLE.test(e.message)
  );
}

// Atlas answers a wrong password with code 8000 "bad auth : authentication failed".
const isAuthFailure = (e: MongoError) =>
  e.code === AUTHENTICATION_FAILED || /auth(entication)? failed/i.test(e.message);

export const badConnectionString = () =>
  badRequest(
    'The vector_docdb_connection_string is not a valid MongoDB connection string',
    'Copy the connection string again from your database console (mongodb:// or mongodb+srv://)',
    'bad_connection_string',
  );

// Raised while reading the string and its options (also later, from a mongodb+srv TXT record).
const isBadConnectionString = (e: unknown) =>
  e instanceof MongoParseError || e instanceof MongoInvalidArgumentError || e instanceof MongoMissingCredentialsError;

/** The ServiceError for a failure of the caller's database, or undefined when it is our own bug. */
export function mongoFailure(e: unknown): ServiceError | undefined {
  if (isBadConnectionString(e)) return badConnectionString();
  if (e instanceof MongoError && isAuthFailure(e)) {
    return badRequest(
      'Your MongoDB database refused the user name or password in the connection string',
      'Check the credentials and the authentication database (authSource) in the connection string',
      'database_auth_failed',
    );
  }
  if (e instanceof MongoServerError && e.code === UNAUTHORIZED) {
    return badRequest(
      'The database user in the connection string may not read the collection',
      'Grant the user the read role on the database',
      'database_not_authorized',
    );
  }
  if (e instanceof MongoServerSelectionError || e instanceof MongoNetworkError || isSocketFailure(e)) {
    return badGateway(
      'Your MongoDB database could not be reached',
      "Check the host in the connection string and allow the service's addresses in the database's network access list",
      'database_unreachable',
    );
  }
  if (e instanceof MongoServerError) {
    return badRequest(
      `Your MongoDB database rejected the vector search (${e.codeName ?? e.code}: ${scrub(e.message).slice(0, 200)})`,
      'Check that the vector index exists on the collection with 768 dimensions and the expected field names',
      'database_query_failed',
    );
  }
  // Any other driver failure (a reply it could not read, a client-side timeout) is the server's side.
  if (e instanceof MongoError) {
    return badGateway(
      'Your MongoDB database answered in a way the service could not use',
      'Check that the connection string points at a MongoDB server with TLS enabled',
      'database_unreachable',
    );
  }
  return undefined;
}

function isSocketFailure(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}
