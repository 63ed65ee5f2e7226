// Every `@example` in the SDK's doc comments is compiled against the SDK, so an example that drifts
// from the API fails here; and every exported class, function and public method has one.
// Examples run with the SDK's exports and `Transport` in scope, `client` declared as an FnqClient
// and `bundle` as the bytes of a function's zip bundle.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileExamples, examplesOf, isExported, parseSource, type DocExample } from '../../support/doc-examples';

const SDK = resolve(__dirname, '../../../sdk');
const sources = readdirSync(SDK)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: `sdk/${f}`, sf: parseSource(`sdk/${f}`) }));

const isPublic = (m: ts.ClassElement) =>
  !(ts.getCombinedModifierFlags(m as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));

/** The documented surface: exported functions and classes, and the classes' public methods. */
function surface(sf: ts.SourceFile): { name: string; node: ts.Node }[] {
  const found: { name: string; node: ts.Node }[] = [];
  for (const s of sf.statements) {
    if (!isExported(s)) continue;
    if (ts.isFunctionDeclaration(s) && s.name) found.push({ name: s.name.text, node: s });
    if (ts.isClassDeclaration(s) && s.name) {
      found.push({ name: s.name.text, node: s });
      for (const m of s.members)
        if (ts.isMethodDeclaration(m) && isPublic(m))
          found.push({ name: `${s.name.text}.${m.name.getText(sf)}`, node: m });
    }
  }
  return found;
}

/** The SDK's public names, as index.ts exports them; types are imported as types. */
const sdkExports = (() => {
  const index = sources.find((s) => s.file === 'sdk/index.ts')!.sf;
  const names: { name: string; typeOnly: boolean }[] = [];
  for (const s of index.statements) {
    if (ts.isClassDeclaration(s) && s.name) names.push({ name: s.name.text, typeOnly: false });
    if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements)
        names.push({ name: e.name.text, typeOnly: s.isTypeOnly || e.isTypeOnly });
  }
  return names;
})();

const preamble = [
  `import { ${sdkExports.map((e) => (e.typeOnly ? `type ${e.name}` : e.name)).join(', ')} } from './sdk/index';`,
  "import { Transport } from './sdk/transport';",
  'declare const client: FnqClient;',
  'declare const bundle: Uint8Array;',
  // Keeps unused-import rules from flagging the names an example does not use.
  `void [Transport, ${sdkExports
    .filter((e) => !e.typeOnly)
    .map((e) => e.name)
    .join(', ')}];`,
].join('\n');

const documented = sources.flatMap(({ file, sf }) => surface(sf).map((s) => ({ ...s, file })));
const examples: DocExample[] = documented.flatMap(({ file, name, node }) =>
  examplesOf(node).map((code, i) => ({ where: `${file} ${name} #${i + 1}`, code, preamble })),
);

describe('SDK doc comments', () => {
  it('give every exported class and function and every public method an @example', () => {
    const missing = documented
      .filter((d) => examplesOf(d.node).every((code) => !code.trim()))
      .map((d) => `${d.file} ${d.name}`);
    expect(documented.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('hold examples that type-check against the SDK', () => {
    expect(examples.length).toBeGreaterThan(20);
    expect(compileExamples(examples)).toEqual([]);
  }, 60_000);

  it('would catch an example that no longer matches the API', () => {
    const drifted = compileExamples([
      { where: 'drifted', code: 'await client.queries.rdbms("How many?", "one-table-not-a-list", "dsn");', preamble },
    ]);
    expect(drifted.join('\n')).toMatch(/drifted: .*not assignable/);
  }, 60_000);
});
