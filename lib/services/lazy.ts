// Laziness, one mechanism: `once(load)`, a value made on the first call that needs it and shared by every
// later one. Handlers are wired with it on their first call (lazyHandler), routes load their answering code
// with it after the auth (handlers/http/after-auth/), and ports load their adapter with it on first use
// (onFirstUse): each AWS SDK client, LanceDB's native module and the MongoDB driver costs tens of
// milliseconds to import, and many requests never reach the adapter that needs it (a refused token, a
// query answered without a store). Every forwarder awaits, so a failure's stack keeps its caller's frames.
import { once } from '../once';
import { loadSecrets } from './secrets';

export { once };

/** A port made only of async methods, which can be forwarded before the adapter exists. */
type AsyncPort<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? T[K] : never };

/** The port, forwarding every call to the adapter `load` builds (once) on the first call. */
export function onFirstUse<T extends AsyncPort<T>>(load: () => Promise<T>): T {
  const adapter = once(load);
  const forwarders = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable: awaiting the port itself must not load anything.
      if (name === 'then' || typeof name === 'symbol') return undefined;
      let forward = forwarders.get(name);
      if (!forward) {
        forward = async (...args) => {
          const a = await adapter();
          return await (a[name as keyof T] as (...x: unknown[]) => Promise<unknown>).apply(a, args);
        };
        forwarders.set(name, forward);
      }
      return forward;
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
  const wired = once(async () => {
    await loadSecrets();
    return wire();
  });
  return async (event, context) => await (await wired())(event, context);
}

/**
 * A route's answer imported and wired on the first request that reaches it, past auth and validation
 * (handlers/http/after-auth/): `load` is the module's dynamic import, so the bundler splits it off and a
 * refused request loads none of it.
 */
export function answerOnFirstCall<Req, R>(
  load: () => Promise<{ wiredAnswer: () => (req: Req) => Promise<R> }>,
): (req: Req) => Promise<R> {
  const answer = once(async () => (await load()).wiredAnswer());
  return async (req) => await (await answer())(req);
}
