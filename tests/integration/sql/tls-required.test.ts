// The service connects only over TLS: a database that cannot encrypt is refused before
// any credential is sent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { connectToDatabase } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(`a MariaDB without TLS${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let server: MariaDbServer;
  beforeAll(async () => {
    server = await startMariaDb({ tls: false });
  });
  afterAll(async () => server?.stop());

  it.each(['', 'tls=preferred', 'tls=false', 'tls=skip-verify'])(
    'is refused with the TLS issue (params "%s")',
    async (params) => {
      const target = parseConnectionString(server.dsn({ params }));
      const options = { allowLoopback: true, connectTimeoutMs: 5000, statementTimeoutMs: 5000 };
      const error = await connectToDatabase(target, options).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).status).toBe(400);
      expect((error as ServiceError).lines()).toEqual([
        'ISSUE: The database does not accept encrypted connections. ADVICE: Enable SSL on the database server (set ssl_cert and ssl_key, ideally require_secure_transport=ON); the service connects only over TLS.',
      ]);
    },
  );
});
