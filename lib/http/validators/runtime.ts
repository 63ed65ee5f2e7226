// What the generated route validators (./*.generated.ts) call at run time, besides the linear-time
// `uniqueItems` of lib/spec/first-repeat.ts: Ajv's string length in code points. A validator whose schema
// names a `format` imports ajv-formats' checks itself (none does today): that module builds every
// format's regular expression when it loads, so it is not imported here for all of them.
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length';

// A CommonJS module with `exports.default`: Node's ESM import gives the whole `exports`, esbuild may give either.
type Ucs2length = (text: string) => number;
export const ucs2length: Ucs2length =
  (ucs2lengthModule as unknown as { default?: Ucs2length }).default ?? (ucs2lengthModule as unknown as Ucs2length);
