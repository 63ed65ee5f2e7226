// What every AWS client builder shares: one client per service and endpoint per process (a cold
// start), and the credentials the local emulators accept. Each service has its own builder module,
// so a handler loads only the SDK packages it uses: unused external imports stay in a bundle.
import type { Config } from '../config';

export type AwsConfig = Config['aws'];

// Emulators accept any credentials, except s3rver, which knows only its built-in key pair; real
// AWS uses the Lambda role's from the default chain.
export { emulatorCredentials } from './emulator';
export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const clients = new Map<string, unknown>();

export function memo<T>(key: string, build: () => T): T {
  if (!clients.has(key)) clients.set(key, build());
  return clients.get(key) as T;
}
