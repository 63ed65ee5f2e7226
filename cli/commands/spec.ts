// `fnq spec`: check spec.json files and print what is derived from a valid one
// (OpenAPI document, AI tool definition, Markdown docs).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseOptions, UsageError, type CliIO, type Command } from '../command';
import {
  runtimeInfo,
  toMarkdown,
  toOpenApi,
  toToolDefinition,
  validateSpecText,
  type NormalizedSpec,
  type SpecValidation,
  type Violation,
} from '../../lib/spec/index';

const SUBCOMMANDS = {
  validate: 'fnq spec validate [--json] <file|dir>...   check spec.json files (a dir means <dir>/spec.json)',
  openapi: 'fnq spec openapi <file|dir>             print the OpenAPI 3.1 document',
  tool: 'fnq spec tool <file|dir>                print the AI tool definition',
  docs: 'fnq spec docs <file|dir>                print Markdown documentation',
};
const USAGE = Object.values(SUBCOMMANDS).join('\n       ');

type Exporter = (spec: NormalizedSpec) => string;

const EXPORTS = new Map<string, Exporter>([
  ['openapi', (spec) => JSON.stringify(toOpenApi(spec), null, 2)],
  ['tool', (spec) => JSON.stringify(toToolDefinition(spec), null, 2)],
  ['docs', toMarkdown],
]);

interface Checked extends SpecValidation {
  file: string;
  warnings: string[];
}

/** A directory stands for its spec.json. Unreadable input is a usage error, not an invalid spec. */
async function check(target: string, io: CliIO): Promise<Checked> {
  const absolute = path.resolve(io.cwd, target);
  let file = target;
  let text: string;
  try {
    const isDir = (await stat(absolute)).isDirectory();
    if (isDir) file = path.join(target, 'spec.json');
    text = await readFile(isDir ? path.join(absolute, 'spec.json') : absolute, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const result = validateSpecText(text);
  const warning = result.spec && runtimeInfo(result.spec.runtime)?.warning;
  return { ...result, file, warnings: warning ? [warning] : [] };
}

const violationLines = (violations: Violation[]) =>
  violations.flatMap((v) => [`  ${v.pointer || '(document)'}  [${v.rule}]`, `    ${v.message}`, `    fix: ${v.fix}`]);

function report(c: Checked): string {
  if (!c.ok) {
    const count = `${c.violations.length} violation${c.violations.length === 1 ? '' : 's'}`;
    return [`${c.file}: invalid, ${count}`, ...violationLines(c.violations)].join('\n');
  }
  const runtime = c.spec && runtimeInfo(c.spec.runtime);
  return [
    `${c.file}: valid (${c.spec?.shortname}, ${c.spec?.runtime} on AWS Lambda ${runtime?.lambdaRuntime})`,
    ...c.warnings.map((w) => `  warning: ${w}`),
  ].join('\n');
}

const parse = (argv: string[], withJson: boolean) => parseOptions(argv, withJson ? { json: { type: 'boolean' } } : {});

async function validate(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(argv, true);
  if (positionals.length === 0) throw new UsageError('give at least one spec.json file or directory');
  const checked: Checked[] = [];
  for (const target of positionals) checked.push(await check(target, io));
  const ok = checked.every((c) => c.ok);
  if (values.json) {
    const files = checked.map(({ file, ok, violations, warnings }) => ({ file, ok, violations, warnings }));
    io.out(JSON.stringify({ ok, files }, null, 2));
  } else {
    io.out(checked.map(report).join('\n'));
  }
  return ok ? 0 : 1;
}

async function exportOne(kind: string, exporter: Exporter, argv: string[], io: CliIO): Promise<number> {
  const { positionals } = parse(argv, false);
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0) throw new UsageError(`${kind} takes exactly one spec.json file or directory`);
  const checked = await check(target, io);
  if (!checked.spec) {
    io.err(report(checked));
    return 1;
  }
  io.out(exporter(checked.spec));
  return 0;
}

export const spec: Command = {
  name: 'spec',
  summary: 'validate spec.json; export OpenAPI, AI tool definition, docs',
  usage: USAGE,
  subcommands: SUBCOMMANDS,
  async run([sub, ...rest], io) {
    if (sub === 'validate') return validate(rest, io);
    const exporter = sub === undefined ? undefined : EXPORTS.get(sub);
    if (sub && exporter) return exportOne(sub, exporter, rest, io);
    throw new UsageError(sub ? `unknown sub-command '${sub}'` : 'missing sub-command');
  },
};
