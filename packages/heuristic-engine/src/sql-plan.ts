// The shape of a query the heuristic engine writes, and its rendering as MariaDB/MySQL SQL: identifiers
// in backticks, string values escaped, no comments, and joins along foreign keys (or, where none
// are declared, along same-named key columns) when the chosen columns span several tables.
import type { DatabaseSchema, TableSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';

export type Aggregate = 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX';

/** A column, an aggregate of one, COUNT(*) (aggregate COUNT without a column), or every column. */
export interface SelectItem {
  column?: ColumnRef;
  all?: boolean;
  aggregate?: Aggregate;
  distinct?: boolean;
}

export type Operator =
  '=' | '<>' | '>' | '>=' | '<' | '<=' | 'LIKE' | 'NOT LIKE' | 'BETWEEN' | 'NOT IN' | 'IS NOT NULL';

/**
 * An aggregate of a column over the rows that meet `where` ("the average score of the home games"), or,
 * without one, the column of the single row they name by its key ("the telescope with id 7").
 */
export interface AggregateValue {
  aggregate?: Aggregate;
  of: ColumnRef;
  where: Condition[];
}

/** The values of a column of the rows that meet `where` ("the ferries that sailed to Kells"). */
export interface SubqueryValue {
  subquery: ColumnRef;
  where: Condition[];
}

export interface Condition {
  column: ColumnRef;
  op: Operator;
  /**
   * A literal; an aggregate of a column over some rows ("above the average score", "more than some
   * ferry of the North fleet"); or, for NOT IN, the values of a column that refers to the row
   * ("ferries with no crossings").
   */
  value: string | number | AggregateValue | SubqueryValue;
  /** The upper bound of BETWEEN. */
  to?: number;
  /** Joined to the previous condition with OR rather than AND. */
  or?: boolean;
  /** Compare the year of a date column ("released after 2023" over a DATE). */
  year?: boolean;
}

export interface SqlPlan {
  from: TableSchema;
  /**
   * Tables joined without a column of theirs in the query: their rows are counted per group ("the
   * captain with the most crossings") or named as what is asked about ("the names of the skippers").
   */
  extraTables?: TableSchema[];
  select: SelectItem[];
  distinct?: boolean;
  where: Condition[];
  groupBy: ColumnRef[];
  /** A threshold on each group: a number, or an aggregate over other rows ("an average price above the overall average"). */
  having?: { item: SelectItem; op: Operator; value: number | AggregateValue };
  orderBy?: { item: SelectItem; descending: boolean };
  limit?: number;
  /** The same SELECT with other conditions, combined with this one ("both …", "… but not …", "either … or …"). */
  setOperation?: { kind: 'INTERSECT' | 'EXCEPT' | 'UNION'; where: Condition[] };
  /** Why the question could not be read with confidence; nothing is run then. */
  unsure?: string;
}

interface Edge {
  from: TableSchema;
  to: TableSchema;
  fromColumns: string[];
  toColumns: string[];
}

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const joinGraphs = new WeakMap<DatabaseSchema, Edge[]>();

/** Declared foreign keys both ways; same-named key columns for pairs of tables without one. */
function joinGraph(schema: DatabaseSchema): Edge[] {
  const cached = joinGraphs.get(schema);
  if (cached) return cached;
  const edges: Edge[] = [];
  const add = (from: TableSchema, to: TableSchema, fromColumns: string[], toColumns: string[]) => {
    edges.push(
      { from, to, fromColumns, toColumns },
      { from: to, to: from, fromColumns: toColumns, toColumns: fromColumns },
    );
  };
  const byName = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t]));
  for (const table of schema.tables) {
    for (const fk of table.foreignKeys) {
      const target =
        schema.tables.find((t) => t.name === fk.referencedTable) ?? byName.get(fk.referencedTable.toLowerCase());
      if (target && target !== table) add(table, target, fk.columns, fk.referencedColumns);
    }
  }
  const linked = (a: TableSchema, b: TableSchema) => edges.some((e) => e.from === a && e.to === b);
  for (const [i, a] of schema.tables.entries()) {
    for (const b of schema.tables.slice(i + 1)) {
      if (linked(a, b)) continue;
      const key = a.columns.find(
        (c) => b.columns.some((d) => same(c.name, d.name)) && (isKey(a, c.name) || isKey(b, c.name)),
      );
      const other = key && b.columns.find((d) => same(d.name, key.name));
      if (key && other) add(a, b, [key.name], [other.name]);
    }
  }
  joinGraphs.set(schema, edges);
  return edges;
}

const isKey = (table: TableSchema, column: string) =>
  (table.primaryKey.length === 1 && same(table.primaryKey[0]!, column)) || /(?:^|_)id$|Id$|ID$/.test(column);

/** The joins that connect `from` to every table of `needed` (shortest paths), or undefined when one is unreachable. */
export function joinPath(schema: DatabaseSchema, from: TableSchema, needed: Iterable<TableSchema>): Edge[] | undefined {
  const edges = joinGraph(schema);
  const path: Edge[] = [];
  const reached = new Set([from]);
  for (const target of needed) {
    if (reached.has(target)) continue;
    // Breadth-first from everything already joined, so paths share the tables they pass through.
    const via = new Map<TableSchema, Edge>();
    const queue = [...reached];
    const seen = new Set(reached);
    while (queue.length && !seen.has(target)) {
      const table = queue.shift()!;
      for (const edge of edges) {
        if (edge.from !== table || seen.has(edge.to)) continue;
        seen.add(edge.to);
        via.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
    if (!seen.has(target)) return undefined;
    const steps: Edge[] = [];
    for (let t = target; !reached.has(t); t = via.get(t)!.from) steps.unshift(via.get(t)!);
    for (const step of steps) {
      path.push(step);
      reached.add(step.to);
    }
  }
  return path;
}

/** The columns a plan's own clauses read (not those of a set operation's second query); undefined for none. */
export const clauseColumns = (plan: SqlPlan) => [
  ...plan.select.map((s) => s.column),
  ...plan.where.map((c) => c.column),
  ...plan.groupBy,
  plan.having?.item.column,
  plan.orderBy?.item.column,
];

export function tablesOf(plan: SqlPlan): Set<TableSchema> {
  const refs = clauseColumns(plan);
  return new Set([plan.from, ...(plan.extraTables ?? []), ...refs.flatMap((r) => (r ? [r.table] : []))]);
}

function literal(value: Condition['value'], schema: DatabaseSchema): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  if ('subquery' in value) {
    // NOT IN over a NULL finds nothing: the subquery leaves NULLs out.
    const { subquery, where } = value;
    const notNull: Condition = { column: subquery, op: 'IS NOT NULL', value: '' };
    return `(${renderSelect({ from: subquery.table, select: [{ column: subquery }], where: [...where, notNull], groupBy: [] }, schema)})`;
  }
  const { aggregate, of, where } = value;
  const item: SelectItem = aggregate ? { aggregate, column: of } : { column: of };
  return `(${renderSelect({ from: of.table, select: [item], where, groupBy: [] }, schema)})`;
}

export function renderSql(plan: SqlPlan, schema: DatabaseSchema): string {
  const { setOperation, ...single } = plan;
  if (!setOperation) return renderSelect(plan, schema);
  // Set operations compare whole rows: no ordering or limit inside either part.
  const part = (where: Condition[]) =>
    renderSelect({ ...single, where, orderBy: undefined, limit: undefined, distinct: false }, schema);
  return `${part(plan.where)} ${setOperation.kind} ${part(setOperation.where)}`;
}

function renderSelect(plan: SqlPlan, schema: DatabaseSchema): string {
  const joins = joinPath(schema, plan.from, tablesOf(plan)) ?? [];
  const aliases = new Map<TableSchema, string>([[plan.from, 't1']]);
  for (const join of joins) aliases.set(join.to, `t${aliases.size + 1}`);
  const qualified = aliases.size > 1;
  const column = (ref: ColumnRef) =>
    qualified ? `${aliases.get(ref.table)}.${quote(ref.column.name)}` : quote(ref.column.name);
  const item = (s: SelectItem) => {
    if (s.all) return qualified ? `${aliases.get(plan.from)}.*` : '*';
    if (!s.aggregate) return column(s.column!);
    return `${s.aggregate}(${s.distinct ? 'DISTINCT ' : ''}${s.column ? column(s.column) : '*'})`;
  };
  const table = (t: TableSchema) => (qualified ? `${quote(t.name)} AS ${aliases.get(t)}` : quote(t.name));

  const parts = [
    `SELECT ${plan.distinct ? 'DISTINCT ' : ''}${plan.select.map(item).join(', ')}`,
    `FROM ${table(plan.from)}`,
  ];
  for (const join of joins) {
    const on = join.fromColumns.map(
      (c, i) => `${aliases.get(join.from)}.${quote(c)} = ${aliases.get(join.to)}.${quote(join.toColumns[i]!)}`,
    );
    parts.push(`JOIN ${table(join.to)} ON ${on.join(' AND ')}`);
  }
  if (plan.where.length) {
    const operand = (c: Condition) => (c.year ? `YEAR(${column(c.column)})` : column(c.column));
    const test = (c: Condition) =>
      c.op === 'IS NOT NULL'
        ? `${operand(c)} IS NOT NULL`
        : c.op === 'BETWEEN'
          ? `${operand(c)} BETWEEN ${literal(c.value, schema)} AND ${literal(c.to ?? c.value, schema)}`
          : `${operand(c)} ${c.op} ${literal(c.value, schema)}`;
    // OR binds looser than AND in SQL: each run of alternatives gets its parentheses.
    const groups: Condition[][] = [];
    for (const c of plan.where) {
      if (c.or && groups.length) groups.at(-1)!.push(c);
      else groups.push([c]);
    }
    const rendered = groups.map((g) =>
      g.length > 1 && groups.length > 1 ? `(${g.map(test).join(' OR ')})` : g.map(test).join(' OR '),
    );
    parts.push(`WHERE ${rendered.join(' AND ')}`);
  }
  if (plan.groupBy.length) parts.push(`GROUP BY ${plan.groupBy.map(column).join(', ')}`);
  if (plan.having)
    parts.push(`HAVING ${item(plan.having.item)} ${plan.having.op} ${literal(plan.having.value, schema)}`);
  if (plan.orderBy) parts.push(`ORDER BY ${item(plan.orderBy.item)}${plan.orderBy.descending ? ' DESC' : ' ASC'}`);
  if (plan.limit !== undefined) parts.push(`LIMIT ${plan.limit}`);
  return parts.join(' ');
}

/**
 * The same question with one clause less, for a repair turn: ordering first, then a group threshold,
 * then the last condition, then other tables; what is left is a count of the main table's rows.
 */
export function simplerPlan(plan: SqlPlan): SqlPlan {
  if (plan.setOperation) return { ...plan, setOperation: undefined };
  const { orderBy, limit, having, ...rest } = plan;
  if (orderBy || limit !== undefined) return { ...rest, ...(having && { having }) };
  if (having) return rest;
  if (plan.where.length) return { ...plan, where: plan.where.slice(0, -1) };
  const own = (ref: ColumnRef | undefined) => !ref || ref.table === plan.from;
  const select = plan.select.filter((s) => own(s.column));
  if (tablesOf(plan).size > 1)
    return {
      from: plan.from,
      select: select.length ? select : [{ aggregate: 'COUNT' }],
      where: [],
      groupBy: plan.groupBy.filter(own),
    };
  return { from: plan.from, select: [{ aggregate: 'COUNT' }], where: [], groupBy: [] };
}

/**
 * A GROUP BY with nothing to aggregate ("the name and site of each telescope") would fold rows that share
 * the grouped values into one: "each" there means every row, so the plan reads them all.
 */
export function withoutIdleGrouping(plan: SqlPlan): SqlPlan {
  const aggregated = plan.select.some((s) => s.aggregate) || !!plan.having || !!plan.orderBy?.item.aggregate;
  return plan.groupBy.length && !aggregated ? { ...plan, groupBy: [] } : plan;
}
