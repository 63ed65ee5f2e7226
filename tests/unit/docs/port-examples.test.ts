// Every port (an exported interface with a method, in a ports.ts file) has an `@example`, and every
// example compiles against its ports file. An example runs with that file's exports in scope, one
// instance of each of its ports declared under the port's name in camelCase (`blobStore: BlobStore`),
// and `log`, `dsn` and `queryVector` declared as a Logger, a connection string and a vector.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileExamples, examplesOf, isExported, parseSource, type DocExample } from '../../support/doc-examples';

const PORT_FILES = [
  'lib/ai/ports.ts',
  'lib/functions/ports.ts',
  'lib/functions/build/ports.ts',
  'lib/ingest/ports.ts',
  'lib/sql/ports.ts',
  'lib/storage/ports.ts',
  'lib/usage/ports.ts',
  'lib/vectors/ports.ts',
];

const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1);

function portsFile(path: string) {
  const sf = parseSource(path);
  const types: string[] = [];
  const values: string[] = [];
  const ports: ts.InterfaceDeclaration[] = [];
  for (const s of sf.statements) {
    if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements) types.push(e.name.text);
    if (!isExported(s)) continue;
    if (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) types.push(s.name.text);
    if (ts.isInterfaceDeclaration(s) && s.members.some(ts.isMethodSignature)) ports.push(s);
    if (ts.isFunctionDeclaration(s) && s.name) values.push(s.name.text);
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) values.push(d.name.text);
  }
  const from = `'./${path.replace(/\.ts$/, '')}'`;
  const preamble = [
    `import { ${[...types.map((t) => `type ${t}`), ...values].join(', ')} } from ${from};`,
    "import type { Logger } from './lib/log';",
    'declare const log: Logger;',
    'declare const dsn: string;',
    'declare const queryVector: Float32Array;',
    ...ports.map((p) => `declare const ${camel(p.name.text)}: ${p.name.text};`),
    `void [${values.join(', ')}];`,
  ].join('\n');
  return { ports, preamble };
}

const files = PORT_FILES.map((path) => ({ path, ...portsFile(path) }));
const examples: DocExample[] = files.flatMap(({ path, ports, preamble }) =>
  ports.flatMap((p) =>
    examplesOf(p).map((code, i) => ({ where: `${path} ${p.name.text} #${i + 1}`, code, preamble })),
  ),
);

describe('port doc comments', () => {
  it('give every port an @example', () => {
    const all = files.flatMap(({ path, ports }) => ports.map((p) => ({ path, p })));
    expect(all.length).toBeGreaterThan(12);
    const missing = all.filter(({ p }) => examplesOf(p).every((c) => !c.trim())).map(({ path, p }) => `${path} ${p.name.text}`);
    expect(missing).toEqual([]);
  });

  it('hold examples that type-check against the ports', () => {
    expect(compileExamples(examples)).toEqual([]);
  }, 60_000);
});
