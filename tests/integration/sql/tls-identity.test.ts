// The certificate must name the host of the connection string, also when that host is an
// IP address (mysql2 sends no SNI for an IP, and Node would otherwise check "localhost").

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { connectToDatabase, withDatabaseSession } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `a certificate for localhost only${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let server: MariaDbServer;
    const options = () => ({
      allowLoopback: true,
      extraCAs: [server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 5000,
    });
    beforeAll(async () => {
      server = await startMariaDb({ certificateNames: ['DNS:localhost'] });
    });
    afterAll(async () => server?.stop());

    it('is refused for the IP address 127.0.0.1', async () => {
      const error = await connectToDatabase(parseConnectionString(server.dsn()), options()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('database_tls_rejected');
      expect((error as ServiceError).lines()[0]).toContain("IP: 127.0.0.1 is not in the cert's list");
    });

    it('is accepted for the name localhost, connected to the address it resolved to', async () => {
      const target = { ...parseConnectionString(server.dsn()), host: 'localhost' };
      const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
      await withDatabaseSession(target, { ...options(), lookup }, async (session) =>
        expect(session.flavour).toBe('MariaDB'),
      );
    });
  },
);
