// What the generated route validators (./*.generated.ts) call at run time, besides the linear-time
// `pattern` and `uniqueItems` of lib/spec: Ajv's string length in code points, and ajv-formats' checks.
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import { fullFormats } from 'ajv-formats/dist/formats';

// A CommonJS module with `exports.default`: Node's ESM import gives the whole `exports`, esbuild may give either.
type Ucs2length = (text: string) => number;
export const ucs2length: Ucs2length =
  (ucs2lengthModule as unknown as { default?: Ucs2length }).default ?? (ucs2lengthModule as unknown as Ucs2length);

export { fullFormats };
