// Handlers and adapters that are built on first use, not at import or cold start.
//
// Adapters load on first use, not at cold start: each AWS SDK client, LanceDB's native module
// and the MongoDB driver costs tens of milliseconds to import, and many requests never reach the
// adapter that needs it (a refused token, a query answered without a store).
import { loadSecrets } from './secrets';

/** A port made only of async methods, which can be forwarded before the adapter exists. */
type AsyncPort<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? T[K] : never };

/**
 * The port, forwarding every call to the adapter `load` builds on the first call. A failed load is
 * not kept, so the next call tries again.
 */
export function onFirstUse<T extends AsyncPort<T>>(load: () => Promise<T>): T {
  let adapter: Promise<T> | undefined;
  const loaded = () =>
    (adapter ??= load().catch((e: unknown) => {
      adapter = undefined;
      throw e;
    }));
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable: awaiting the port itself must not load anything.
      if (name === 'then' || typeof name === 'symbol') return undefined;
      return (...args: unknown[]) =>
        loaded().then((a) => (a[name as keyof T] as (...x: unknown[]) => Promise<unknown>).apply(a, args));
    },
  });
}

/**
 * A Lambda handler wired on its first call: the stage's secrets are read (once per cold start),
 * then `wire` builds the real handler from the config. Importing a handler module therefore reads
 * no config and builds nothing. A failed read or build is not kept: the call fails (a 500 from API
 * Gateway, the log names the cause) and the next one tries again.
 */
export function lazyHandler<E, C, R>(
  wire: () => (event: E, context: C) => Promise<R>,
): (event: E, context: C) => Promise<R> {
  let handler: ((event: E, context: C) => Promise<R>) | undefined;
  return async (event, context) => {
    await loadSecrets();
    handler ??= wire();
    return handler(event, context);
  };
}
