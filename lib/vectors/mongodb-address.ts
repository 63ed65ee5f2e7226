// The caller's MongoDB gets the same address policy and TLS rule as the caller's SQL database
// (docs/decisions.md): every host the connection string names, and every host a mongodb+srv record
// lists, must be an allowed address, checked before the driver connects; the driver then resolves
// names through the policy as well, so a second DNS answer cannot swap in another address. TLS is
// required: a string that turns it off is refused, and it is on even where the string is silent
// (a non-MongoDB server then fails the handshake at once instead of being read as MongoDB).

import { resolveSrv as systemResolveSrv } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { badRequest } from '../errors';
import { resolveAllowedAddress, type AddressPolicyOptions } from '../net/address-policy';
import { badConnectionString } from './mongodb-errors';

export interface MongoAddressPolicy extends AddressPolicyOptions {
  /** SRV resolver seam for tests; defaults to the system resolver. */
  resolveSrv?: (name: string) => Promise<{ name: string; port: number }[]>;
}

interface Host {
  host: string;
  port: number;
}

/** Hosts, SRV flag and options of a connection string; throws the 400 for a malformed one. */
export function parseMongoHosts(connectionString: string): { srv: boolean; hosts: Host[]; params: URLSearchParams } {
  const match = /^mongodb(\+srv)?:\/\/(?:[^@/]*@)?([^/?]+)(?:\/[^?]*)?(?:\?(.*))?$/.exec(connectionString);
  if (!match) throw badConnectionString();
  const srv = Boolean(match[1]);
  const hosts = match[2]!.split(',').map((part): Host => {
    const hostPort = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(part);
    if (!hostPort) throw badConnectionString();
    return { host: hostPort[1] ?? decodeURIComponent(hostPort[2]!), port: Number(hostPort[3] ?? 27017) };
  });
  if (srv && hosts.length !== 1) throw badConnectionString();
  return { srv, hosts, params: new URLSearchParams(match[3] ?? '') };
}

const tlsRequired = () =>
  badRequest(
    'The vector_docdb_connection_string turns TLS off, and the service connects to databases only over TLS',
    'Remove tls=false (or ssl=false) from the connection string and enable TLS on the database server',
    'database_tls_required',
  );

// Authentication the caller's string may ask for: a user name and password of their own. The others
// make the driver authenticate as the service: MONGODB-AWS signs an STS request with the Lambda role's
// credentials (taken from the environment) and sends it to the caller's server; MONGODB-OIDC with an
// environment fetches a cloud token; GSSAPI uses the host's Kerberos identity; X.509 needs a client
// certificate read from a file. Options naming local files would make the driver read ours.
const CALLER_AUTH = new Set(['scram-sha-1', 'scram-sha-256', 'plain']);
const LOCAL_FILE_OPTION =
  /^(tlscafile|tlscertificatefile|tlscertificatekeyfile|tlscertificatekeyfilepassword|tlscrlfile|sslca|sslcert|sslkey|sslpass|sslcrl)$/i;

const optionRefused = (name: string, why: string) =>
  badRequest(
    `The vector_docdb_connection_string sets ${name}, ${why}`,
    'Connect with a database user name and password in the connection string (SCRAM), and remove that option',
    'database_option_refused',
  );

/** Refuses the string unless TLS may be on and every host it leads to is an allowed address. */
export async function checkMongoAddresses(connectionString: string, policy: MongoAddressPolicy): Promise<void> {
  const { srv, hosts, params } = parseMongoHosts(connectionString);
  for (const [name, value] of params) {
    if (/^(tls|ssl)$/i.test(name) && value.toLowerCase() === 'false') throw tlsRequired();
    if (/^authmechanism$/i.test(name) && !CALLER_AUTH.has(value.toLowerCase()))
      throw optionRefused(`authMechanism=${value}`, "which would authenticate with the service's own identity");
    if (/^authmechanismproperties$/i.test(name))
      throw optionRefused('authMechanismProperties', 'which only the refused authentication mechanisms use');
    if (LOCAL_FILE_OPTION.test(name)) throw optionRefused(name, "which names a file on the service's own machine");
  }
  const targets = srv ? await srvTargets(hosts[0]!.host, policy) : hosts;
  for (const { host } of targets) await resolveAllowedAddress(host, policy);
}

async function srvTargets(host: string, policy: MongoAddressPolicy): Promise<Host[]> {
  try {
    const records = await (policy.resolveSrv ?? systemResolveSrv)(`_mongodb._tcp.${host}`);
    return records.map((record) => ({ host: record.name.replace(/\.$/, ''), port: record.port }));
  } catch {
    throw badRequest(
      `The MongoDB host name ${host} has no usable SRV record`,
      'Check the host in the mongodb+srv:// connection string',
      'database_host_unknown',
    );
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for the driver's sockets that answers only with addresses the policy allows. */
export function policyLookup(policy: MongoAddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveAllowedAddress(hostname, policy).then(
      (address) => (options.all ? callback(null, [address]) : callback(null, address.address, address.family)),
      (error: Error) => callback(Object.assign(error, { code: 'EADDRNOTALLOWED' }), ''),
    );
  };
}
