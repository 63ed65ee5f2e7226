// The JSON Schema validator the engine's tests and benches judge its answers with: draft 2020-12, every
// error, the formats on. The engine does not validate at run time (the service checks what it returns),
// so Ajv is a development dependency of this package only.
import { Ajv2020 } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under ESM its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export function schemaChecker(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}
