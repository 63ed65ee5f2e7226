// `once(load)`: a value made on the first call that needs it and shared by every later one. It imports
// nothing, so any layer may use it (lib/http's validators, lib/services' lazy wiring).

/**
 * `load`'s result, made on the first call and shared by concurrent and later calls. A failed load is not
 * kept, so the next call tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= load().catch((e: unknown) => {
      made = undefined;
      throw e;
    }));
}
