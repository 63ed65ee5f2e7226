// The Lambda entries' one helper. It imports nothing, so an entry's bundle evaluates only this at
// cold start.
//
// Why entries apart from handlers/: esbuild inlines every module a handler reaches into one file,
// and evaluates each statically imported module when the file loads: the SQL parser's grammar,
// the AWS SDK's commands, Powertools, the OpenAI client. An entry reaches its handler through
// `import()`, which esbuild compiles to a lazily initialised module in the same file. A cold start
// then only parses the bundle, and the handler's modules are evaluated on the first call, as
// lazyHandler and onFirstUse (lib/services/lazy.ts) already build its adapters. `npm run bench --
// bundles` measures the import.

type LambdaHandler<E, C, R> = (event: E, context: C) => Promise<R>;

/**
 * The handler `load` imports, loaded on the first call. A failed import is not kept: that call
 * fails and the next one tries again.
 */
export function onFirstCall<E, C, R>(load: () => Promise<{ handler: LambdaHandler<E, C, R> }>): LambdaHandler<E, C, R> {
  let loaded: Promise<{ handler: LambdaHandler<E, C, R> }> | undefined;
  return async (event, context) => {
    const module = await (loaded ??= load().catch((e: unknown) => {
      loaded = undefined;
      throw e;
    }));
    return module.handler(event, context);
  };
}
