// Every `@example` in the SDK's doc comments is compiled against the SDK, so an example that drifts
// from the API fails here; and every exported class, function and public method has one.
// An example is a ```ts block with no imports of its own: it runs inside an async function, with
// the SDK's exports and `Transport` in scope, `client` declared as an FnqClient and `bundle` as the
// bytes of a function's zip bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SDK = resolve(__dirname, '../../../sdk');
const sources = readdirSync(SDK)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({
    file: f,
    sf: ts.createSourceFile(f, readFileSync(join(SDK, f), 'utf8'), ts.ScriptTarget.Latest, true),
  }));

interface Example {
  where: string;
  code: string;
}

function examplesOf(node: ts.Node): string[] {
  return ts
    .getJSDocTags(node)
    .filter((t) => t.tagName.text === 'example')
    .map((t) => ts.getTextOfJSDocComment(t.comment) ?? '')
    .map((text) => /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? '');
}

const isPublic = (m: ts.ClassElement) =>
  !(ts.getCombinedModifierFlags(m as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));

/** The documented surface: exported functions and classes, and the classes' public methods and constructors. */
function surface(sf: ts.SourceFile): { name: string; node: ts.Node }[] {
  const found: { name: string; node: ts.Node }[] = [];
  for (const s of sf.statements) {
    const exported = ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
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

const documented = sources.flatMap(({ file, sf }) => surface(sf).map((s) => ({ ...s, file })));
const examples: Example[] = documented.flatMap(({ file, name, node }) =>
  examplesOf(node).map((code, i) => ({ where: `${file} ${name} #${i + 1}`, code })),
);

/** The SDK's public names, as index.ts exports them; types are imported as types. */
const sdkExports = (() => {
  const index = sources.find((s) => s.file === 'index.ts')!.sf;
  const names: { name: string; typeOnly: boolean }[] = [];
  for (const s of index.statements) {
    if (ts.isClassDeclaration(s) && s.name) names.push({ name: s.name.text, typeOnly: false });
    if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements)
        names.push({ name: e.name.text, typeOnly: s.isTypeOnly || e.isTypeOnly });
  }
  return names;
})();

function compile(list: Example[]): string[] {
  const configPath = resolve(SDK, '../tsconfig.json');
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, ts.sys.readFile).config,
    ts.sys,
    resolve(SDK, '..'),
  );
  const virtual = new Map<string, Example>();
  const preamble =
    `import { ${sdkExports.map((e) => (e.typeOnly ? `type ${e.name}` : e.name)).join(', ')} }` +
    ` from ${JSON.stringify(join(SDK, 'index'))};\n` +
    `import { Transport } from ${JSON.stringify(join(SDK, 'transport'))};\n` +
    'declare const client: FnqClient;\n' +
    'declare const bundle: Uint8Array;\n';
  list.forEach((ex, i) => virtual.set(resolve(SDK, `../.tsdoc-example-${i}.ts`), ex));
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const source = host.getSourceFile.bind(host);
  const text = (f: string) => {
    const ex = virtual.get(resolve(f));
    // `void` keeps unused-name rules of the tsconfig from flagging the preamble.
    return (
      ex &&
      `${preamble}export async function example() {\n${ex.code}\n}\nvoid [Transport, ${sdkExports
        .filter((e) => !e.typeOnly)
        .map((e) => e.name)
        .join(', ')}];\n`
    );
  };
  host.readFile = (f) => text(f) ?? read(f);
  host.fileExists = (f) => virtual.has(resolve(f)) || exists(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const t = text(f);
    return t !== undefined ? ts.createSourceFile(f, t, lang) : source(f, lang, ...rest);
  };
  const program = ts.createProgram([...virtual.keys()], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && virtual.has(resolve(d.file.fileName)))
    .map(
      (d) =>
        `${virtual.get(resolve(d.file!.fileName))!.where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

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
    expect(compile(examples)).toEqual([]);
  }, 60_000);

  it('would catch an example that no longer matches the API', () => {
    const drifted = compile([
      { where: 'drifted', code: 'await client.queries.rdbms("How many?", "one-table-not-a-list", "dsn");' },
    ]);
    expect(drifted.join('\n')).toMatch(/drifted: .*not assignable/);
  }, 60_000);
});
