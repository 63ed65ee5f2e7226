// The guard between the model's SQL and the caller's database. It lets through one SELECT
// (WITH and set operations allowed) that reads only the listed tables, and caps the rows.
// It fails closed: text the parser cannot read, or reads differently from the server,
// is refused. The read-only transaction in execute.ts is the second line, not the first.
//
// Two readings of the same text: node-sql-parser gives the structure (statement kind,
// tables, functions); the lexer of @fnquery/text-tools/sql follows the server's rules and catches what the
// parser reads differently (comments, `--`) or that must not appear at all.
// The SQL that runs is the caller's text with only its LIMIT changed, never the parser's
// regenerated SQL, whose quoting and function spelling MariaDB does not always accept.

import mariadbGrammar from 'node-sql-parser/build/mariadb';
import mysqlGrammar from 'node-sql-parser/build/mysql';
import { ServiceError } from '../errors';
import type { SqlFlavour } from './connect';
import { BUILTIN_FUNCTIONS, KEYWORDS_BEFORE_PARENTHESIS } from './builtin-functions';
import { parserText } from './parser-text';
import { capRowLimit } from './row-limit';
import { LexError, isWord, tokenize, type Token } from '@fnquery/text-tools/sql';

export interface GuardOptions {
  /** Tables the request lists; names are case-sensitive. */
  allowedTables: readonly string[];
  /** Rows the caller may receive; the SQL is capped at one more, so execution can tell a cut result. */
  rowLimit: number;
  flavour: SqlFlavour;
  /** The connection's database: `database.table` is allowed for this one only. */
  database?: string;
}

/** Longer generated SQL is refused rather than parsed (the parser is recursive). */
export const MAX_SQL_LENGTH = 20_000;

const PARSERS = { MariaDB: new mariadbGrammar.Parser(), MySQL: new mysqlGrammar.Parser() };

const SYSTEM_SCHEMAS = new Set(['information_schema', 'mysql', 'performance_schema', 'sys']);

type Refuse = (issue: string, advice: string) => never;

const READ_ONLY_ADVICE =
  'Only a single read-only SELECT on the listed tables is run; rephrase the question as one that reads data';

/** Checks generated SQL and returns the text to run, with its row limit capped. Throws a 400 ServiceError when refused. */
export function guardSql(sql: string, options: GuardOptions): string {
  const text = sql.trim();
  const refuse: Refuse = (issue, advice) => {
    throw new ServiceError(400, 'query_refused', { issue, advice, query: text });
  };
  if (!text) refuse('The generated query is empty', 'Repeating the request usually succeeds');
  if (text.length > MAX_SQL_LENGTH)
    refuse(`The generated query is longer than ${MAX_SQL_LENGTH} characters`, 'Ask a simpler question');

  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch (error) {
    if (!(error instanceof LexError)) throw error;
    return refuse(`The generated query could not be read (${error.message})`, 'Repeating the request usually succeeds');
  }
  checkTokens(tokens, refuse);
  const trailing = tokens.at(-1)?.text === ';' ? tokens.pop() : undefined;
  const statement = trailing ? text.slice(0, trailing.start).trimEnd() : text;

  const parsed = parse(parserText(statement, tokens), options.flavour, refuse);
  const ast = Array.isArray(parsed.ast) ? parsed.ast : [parsed.ast];
  if (ast.length !== 1) refuse('The generated query holds more than one statement', READ_ONLY_ADVICE);
  const [root] = ast as Node[];
  if (root?.type !== 'select')
    refuse(notSelect(String(root?.type ?? 'something else').toUpperCase()), READ_ONLY_ADVICE);

  const cteNames = new Set<string>();
  visit(root, { scope: new Set(), cteNames, options, refuse });
  checkTableList(parsed.tableList, cteNames, options, refuse);
  checkCalls(tokens, cteNames, refuse);

  return capRowLimit(statement, tokens, options.rowLimit + 1, refuse);
}

function parse(statement: string, flavour: SqlFlavour, refuse: Refuse): { ast: unknown; tableList: string[] } {
  try {
    return PARSERS[flavour].parse(statement, { database: flavour });
  } catch {
    return refuse(
      `The generated query could not be parsed as ${flavour} SQL, so it was not run`,
      'Generate one plain SELECT statement; repeating the request usually succeeds',
    );
  }
}

const notSelect = (start: string) => `The generated query is not a SELECT statement (it starts with ${start})`;

/** What the lexer alone can tell, before the parser has a say. */
function checkTokens(tokens: Token[], refuse: Refuse): void {
  const first = tokens.find((token) => token.text !== '(');
  if (first && !isWord(first, 'SELECT', 'WITH'))
    refuse(notSelect(first.text.toUpperCase().slice(0, 20)), READ_ONLY_ADVICE);
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    if (token.kind === 'comment') {
      refuse(
        'The generated query contains a comment',
        'Comments are refused because the server runs text inside some of them; generate the query without comments',
      );
    }
    if (token.text === ';' && index !== tokens.length - 1)
      refuse('The generated query holds more than one statement', READ_ONLY_ADVICE);
    // The parser reads `--x` as a comment; the server reads it as two minus signs.
    if (token.text === '-' && next?.text === '-' && next.start === token.end)
      refuse('The generated query contains "--"', 'Write a space between two minus signs');
    if (token.text === '@' || token.text === ':=')
      refuse('The generated query uses or assigns a variable', READ_ONLY_ADVICE);
    if (token.kind === 'word' || token.kind === 'quoted-identifier') {
      const name = identifierName(token);
      if (next?.text === '.' && SYSTEM_SCHEMAS.has(name))
        refuse(`The generated query reads the system schema ${name}`, READ_ONLY_ADVICE);
    }
    if (isWord(token, 'INTO')) refuse('The generated query writes its result somewhere (INTO)', READ_ONLY_ADVICE);
    if (isWord(token, 'UPDATE', 'LOCK') || (isWord(token, 'FOR') && isWord(next, 'SHARE'))) {
      refuse('The generated query locks rows (FOR UPDATE, FOR SHARE or LOCK IN SHARE MODE)', READ_ONLY_ADVICE);
    }
    if (isWord(token, 'PROCEDURE')) refuse('The generated query calls a procedure', READ_ONLY_ADVICE);
    if (isWord(token, 'NEXT') && isWord(next, 'VALUE'))
      refuse('The generated query advances a sequence (NEXT VALUE FOR)', READ_ONLY_ADVICE);
  });
}

/**
 * Every name written before `(` must be an allow-listed built-in, a keyword, or a CTE with a
 * column list. A stored function or UDF runs with its definer's rights, whatever the guard and
 * the read-only transaction allow the query itself. Checked on the lexer's tokens, so no form
 * of call the parser reads differently (a space before `(`, backquotes) gets past.
 */
function checkCalls(tokens: Token[], cteNames: ReadonlySet<string>, refuse: Refuse): void {
  tokens.forEach((token, index) => {
    if (tokens[index + 1]?.text !== '(' || (token.kind !== 'word' && token.kind !== 'quoted-identifier')) return;
    if (cteNames.has(token.kind === 'word' ? token.text : token.text.slice(1, -1).replace(/``/g, '`'))) return;
    if (token.kind !== 'word' || !mayPrecedeParenthesis(token.text)) refuse(callRefused(token.text), CALL_ADVICE);
  });
}

const mayPrecedeParenthesis = (name: string) =>
  BUILTIN_FUNCTIONS.has(name.toLowerCase()) || KEYWORDS_BEFORE_PARENTHESIS.has(name.toLowerCase());

const callRefused = (name: string) =>
  `The generated query calls ${name}, which is not a built-in function the service allows`;
const CALL_ADVICE =
  'Only built-in functions that compute values are run (docs/sql.md lists them); rewrite the query without user-defined functions or procedures';

function identifierName(token: Token): string {
  const name = token.kind === 'quoted-identifier' ? token.text.slice(1, -1).replace(/``/g, '`') : token.text;
  return name.toLowerCase();
}

type Node = Record<string, unknown> & { type?: unknown };

interface WalkContext {
  /** CTE names visible at this point of the statement. */
  scope: ReadonlySet<string>;
  /** Every CTE name defined anywhere, for the cross-check with the parser's table list. */
  cteNames: Set<string>;
  options: GuardOptions;
  refuse: Refuse;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** Walks the whole AST: subqueries hide in expressions, derived tables, CTEs and set operations. */
function visit(value: unknown, context: WalkContext): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, context);
    return;
  }
  if (!isNode(value)) return;
  if (value.type === 'select') {
    visitSelect(value, context);
    return;
  }
  checkNode(value, context);
  for (const child of Object.values(value)) visit(child, context);
}

function visitSelect(select: Node, context: WalkContext): void {
  const { refuse } = context;
  const ctes = Array.isArray(select.with) ? (select.with as Node[]) : [];
  const recursive = ctes.some((cte) => cte.recursive === true);
  let scope = new Set(context.scope);
  for (const cte of ctes) {
    const name = String((cte.name as Node | undefined)?.value ?? '');
    if (!name) refuse('The generated query has a WITH clause the guard could not check', READ_ONLY_ADVICE);
    context.cteNames.add(name);
    // A CTE sees the ones before it, and itself only when the WITH is RECURSIVE.
    visit(cte.stmt, { ...context, scope: recursive ? new Set([...scope, name]) : scope });
    scope = new Set([...scope, name]);
  }
  const into = select.into as Node | undefined;
  if (into?.keyword || into?.expr) refuse('The generated query writes its result somewhere (INTO)', READ_ONLY_ADVICE);
  if (select.locking_read)
    refuse('The generated query locks rows (FOR UPDATE, FOR SHARE or LOCK IN SHARE MODE)', READ_ONLY_ADVICE);
  for (const [key, child] of Object.entries(select)) {
    if (key !== 'with') visit(child, { ...context, scope });
  }
}

function checkNode(node: Node, context: WalkContext): void {
  const { refuse } = context;
  if (node.type === 'var' || node.type === 'assign')
    refuse('The generated query uses or assigns a variable', READ_ONLY_ADVICE);
  if (node.type === 'function') checkFunction(node, refuse);
  if (node.type !== 'column_ref' && 'table' in node && node.table !== null) {
    if (typeof node.table !== 'string' || node.schema)
      refuse('The generated query names a table in a form the guard could not check', READ_ONLY_ADVICE);
    checkTable(typeof node.db === 'string' ? node.db : null, String(node.table), context);
  }
}

function checkFunction(node: Node, refuse: Refuse): void {
  const name = node.name as { name?: { value?: unknown }[]; schema?: unknown } | undefined;
  const parts = (name?.name ?? []).map((part) => String(part.value ?? ''));
  if (name?.schema || parts.length !== 1)
    refuse('The generated query calls a function of another schema', READ_ONLY_ADVICE);
  const functionName = parts[0] ?? '';
  if (!mayPrecedeParenthesis(functionName)) refuse(callRefused(functionName), CALL_ADVICE);
}

function checkTable(db: string | null, table: string, { scope, options, refuse }: WalkContext): void {
  if (db !== null) {
    if (SYSTEM_SCHEMAS.has(db.toLowerCase()))
      refuse(`The generated query reads the system schema ${db}`, READ_ONLY_ADVICE);
    if (db !== options.database)
      refuse(`The generated query reads the database ${db}, not the one of the connection string`, READ_ONLY_ADVICE);
  } else if (scope.has(table)) {
    return;
  }
  if (!options.allowedTables.includes(table)) refuse(...tableNotListed(table));
}

const tableNotListed = (table: string): [string, string] => [
  `The generated query reads the table ${table}, which is not in the request's tables`,
  'Add the table to "tables" if it may be read (names are case-sensitive), or rephrase the question',
];

/** The parser's own table list, as a second opinion on the walk (entries are `kind::db::table`). */
function checkTableList(
  tableList: string[],
  cteNames: ReadonlySet<string>,
  options: GuardOptions,
  refuse: Refuse,
): void {
  for (const entry of tableList) {
    const [kind = '', db = '', ...rest] = entry.split('::');
    const table = rest.join('::');
    if (kind.toLowerCase() !== 'select')
      refuse(`The generated query would ${kind.toUpperCase()} a table`, READ_ONLY_ADVICE);
    const sameDatabase = db === 'null' || db === options.database;
    if (!sameDatabase)
      refuse(`The generated query reads the database ${db}, not the one of the connection string`, READ_ONLY_ADVICE);
    if (!options.allowedTables.includes(table) && !(db === 'null' && cteNames.has(table)))
      refuse(...tableNotListed(table));
  }
}
