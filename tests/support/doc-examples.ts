// Compiles the ```ts blocks of `@example` doc comments with the TypeScript compiler API and the
// repository's tsconfig, so an example that drifts from the code it documents fails a test.
// An example has no imports of its own: it runs as the body of an async function, after a preamble
// the test writes (the imports and `declare const`s the examples rely on).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

export interface DocExample {
  /** Where it was found, e.g. `sdk/usage.ts Usage.get #1`. */
  where: string;
  code: string;
  /** Imports and declarations the example may use. */
  preamble: string;
}

export const parseSource = (path: string) =>
  ts.createSourceFile(path, readFileSync(resolve(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);

/** The code of each `@example` on the node ('' for one without a ```ts block). */
export function examplesOf(node: ts.Node): string[] {
  return ts
    .getJSDocTags(node)
    .filter((t) => t.tagName.text === 'example')
    .map((t) => ts.getTextOfJSDocComment(t.comment) ?? '')
    .map((text) => /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? '');
}

export const isExported = (s: ts.Statement) =>
  ts.canHaveModifiers(s) && (ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);

/** Every compiler error in the examples, each prefixed with where the example is. */
export function compileExamples(list: DocExample[]): string[] {
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(resolve(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
    ts.sys,
    ROOT,
  );
  const virtual = new Map<string, DocExample>();
  list.forEach((ex, i) => virtual.set(resolve(ROOT, `.doc-example-${i}.ts`), ex));
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const source = host.getSourceFile.bind(host);
  const text = (f: string) => {
    const ex = virtual.get(resolve(f));
    return ex && `${ex.preamble}\nexport async function example() {\n${ex.code}\n}\n`;
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
