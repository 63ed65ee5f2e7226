// Question forms → a query plan, on top of the schema linking. Each form is read from cue words
// and the columns written next to them:
//   count        "how many …", "number of …", "count …"            → COUNT(*) / COUNT(DISTINCT c)
//   aggregate    "average/mean/total/maximum/minimum c"              → AVG/SUM/MAX/MIN(c)
//   superlative  "… with the highest c", "the 3 oldest …", "most …"   → ORDER BY c DESC LIMIT n
//   group        "for each g", "per g", "by g", "… and the number of" → GROUP BY g
//   having       "… with at least two <rows of another table>"       → HAVING COUNT(*) >= 2
//   order        "sorted/ordered by c", "in descending order of c"   → ORDER BY c
//   distinct     "different/distinct/unique c"                       → DISTINCT
//   filter       values and numbers (sql-conditions.ts)              → WHERE
// The columns no cue has used are the ones the question asks to see.
import type { TableSchema } from '@fnquery/contracts';
import {
  readAggregates,
  readCount,
  readGroup,
  readOrder,
  readProjection,
  readRanking,
  type Count,
  type Group,
  type Ranking,
} from './sql-clauses';
import { hintedColumn, isTemporal, nameColumn, readFilters, type Filters } from './sql-conditions';
import { nameStems, type ColumnRef, type Linking, type Mention } from './sql-linking';
import { joinPath, type SelectItem, type SqlPlan } from './sql-plan';
import {
  apartFromExcluded,
  applySetOperations,
  narrowExclusions,
  readExclusions,
  unreadAlternative,
  unreadComparison,
  unreadNegation,
} from './sql-nested';
import { readNamedRowComparisons } from './sql-named-row';
import { extremeOfOtherRows } from './sql-set-extreme';
import { readAlternatives } from './sql-set-union';
import { ambiguousRole, brokenSet, unreadBoth, unreadNumber, unreadSameAs, unreadTable } from './sql-set-unread';
import { claim, findPhrase, readQuestion, type Reading } from './sql-reading';
import { valuesOnce } from './sql-value-list';
import { unreadSuperlative } from './sql-unread-superlative';
import { aggregateTakenByName } from './sql-unread-aggregate';
import { ADJECTIVE_HINTS, AGGREGATE_WORDS, DISTINCT_WORDS, FULL_NAME, isPersonalName } from './sql-vocabulary';

/** `reading` is passed in when the caller wants it after planning (the words each clause claimed). */
export function planQuery(linking: Linking, reading: Reading = readQuestion(linking)): SqlPlan {
  // Exclusions first: "no crossings" must not be read as the crossings to count or show.
  const exclusions = readExclusions(reading);
  // Before the filters: the value naming the row compared with is not a condition on the rows asked for.
  const namedRows = readNamedRowComparisons(reading);
  const filters = readFilters(reading);
  filters.where = [...narrowExclusions(reading, exclusions, filters), ...exclusions.conditions, ...namedRows];
  const group = readGroup(reading);
  const order = readOrder(reading);
  const aggregates = readAggregates(reading, group !== undefined);
  const ranking = readRanking(reading);
  const count = readCount(reading);
  const distinct = reading.words.some((w, i) => DISTINCT_WORDS.has(w.lower) && !reading.claimed.has(i));
  let projection = withoutStrayNames(reading, readProjection(reading), group);
  const countAfterShown = !!count && projection.some((m) => m.words[0]! < count.at);
  // "How many berths does harbour X have, and what …": a count question shows nothing else; nor
  // does an aggregate show what is named after it ("the maximum tonnage across all fleets").
  if (count && !countAfterShown && !group) projection = [];
  const firstAggregate = reading.words.findIndex((w, i) => AGGREGATE_WORDS.has(w.lower) && reading.claimed.has(i));
  if (aggregates.length && !group && firstAggregate >= 0)
    projection = projection.filter((m) => m.words[0]! < firstAggregate);
  const assembled = extremeOfOtherRows(
    valuesOnce(
      readAlternatives(
        applySetOperations(
          assemble(reading, {
            filters,
            group,
            order,
            ranking,
            aggregates,
            count,
            distinct,
            projection,
            countAfterShown,
          }),
          reading,
        ),
        reading,
        filters.readAt,
      ),
      reading,
    ),
    reading,
  );
  const { unsure: setUnsure, ...assembledPlan } = assembled;
  const { plan, unsure: excludedUnsure } = apartFromExcluded(assembledPlan);
  const unsure =
    exclusions.unsure ??
    setUnsure ??
    excludedUnsure ??
    filters.unsure ??
    unreadNegation(reading, plan) ??
    unreadComparison(reading) ??
    unreadSuperlative(reading, plan) ??
    aggregateTakenByName(reading, plan) ??
    unreadAlternative(reading, plan) ??
    brokenSet(plan) ??
    unreadSameAs(reading) ??
    ambiguousRole(plan) ??
    unreadBoth(reading, plan) ??
    unreadTable(reading, plan) ??
    unreadNumber(reading);
  return unsure ? { ...plan, unsure } : plan;
}

/**
 * "For each courier, how many parcels …? Show the name and the number.": a bare "name" of a table the
 * question names in no way is the name of the rows grouped, which the group column shows.
 */
function withoutStrayNames(
  reading: Reading,
  projection: Mention<ColumnRef>[],
  group: Group | undefined,
): Mention<ColumnRef>[] {
  if (!group || group === 'shown' || !('table' in group) || !nameColumn(group.table)) return projection;
  const named = new Set(reading.tables.map((t) => t.target));
  const stray = projection.filter(
    ({ target, words }) =>
      words.length === 1 &&
      !named.has(target.table) &&
      target.table !== group.table &&
      nameColumn(target.table)?.column === target.column,
  );
  claim(
    reading,
    stray.flatMap((m) => m.words),
  );
  return projection.filter((m) => !stray.includes(m));
}

interface Parts {
  filters: Filters;
  group?: Group;
  order?: Ranking;
  ranking?: Ranking;
  aggregates: SelectItem[];
  count?: Count;
  distinct: boolean;
  projection: Mention<ColumnRef>[];
  countAfterShown: boolean;
}

function assemble(reading: Reading, parts: Parts): SqlPlan {
  const { filters, order, aggregates, count, distinct } = parts;
  let ranking = parts.ranking;
  // One column once, however many mentions name it ("the name of each dorm and the dorm name").
  let shown = distinctColumns(parts.projection.map((m) => m.target));
  const group = groupColumn(parts.group, shown);
  if (group) shown = shown.filter((c) => !sameRef(c, group));

  // "What is the highest age" asks for the value; "the name of the oldest captain" for a row.
  if (ranking?.asValue && !shown.length && !count && !group && ranking.item.column) {
    aggregates.push({ aggregate: ranking.descending ? 'MAX' : 'MIN', column: ranking.item.column });
    ranking = undefined;
  }
  const countedByRank = ranking?.item.aggregate === 'COUNT' || (filters.having && !group);
  const byShown = parts.group === 'shown' || (!!parts.group && !group);
  const defaults =
    !shown.length && !aggregates.length && (!count || countedByRank || byShown)
      ? defaultColumns(reading, count?.table)
      : [];
  shown = distinctColumns([...shown, ...defaults.flatMap((s) => (s.column ? [s.column] : []))]).filter(
    (c) => !group || !sameRef(c, group),
  );

  // "all information about ferries with …" shows every column, whatever the filters name.
  const everything = !aggregates.length && !count && asksForEverything(reading) ? [{ all: true }] : [];
  const select: SelectItem[] = everything.length
    ? everything
    : [...(group ? [{ column: group }] : []), ...shown.map((column) => ({ column }))];
  if (!countedByRank && count) select.push(count.item);
  for (const a of aggregates)
    if (!select.some((s) => s.aggregate === a.aggregate && s.column === a.column)) select.push(a);
  if (group && select.length === 1) select.push({ aggregate: 'COUNT' });
  if (!select.length) select.push({ aggregate: 'COUNT' });

  const from =
    select.find((s) => s.column)?.column?.table ?? count?.table ?? reading.tables[0]?.target ?? reading.focus;
  const plan: SqlPlan = { from, select, where: filters.where, groupBy: group ? [group] : [] };
  // Counting by the values shown groups by them; the rows counted may live in another table.
  // "the names of X and the number of Y" counts per name, like "for each".
  const countsShown = count && parts.countAfterShown;
  if ((countedByRank || byShown || countsShown) && !group && shown.length && !everything.length) plan.groupBy = shown;
  const joined = [ranking?.counted, filters.having?.counted, plan.groupBy.length ? count?.table : undefined].filter(
    (t): t is TableSchema => !!t && t !== from,
  );
  // A table the question names whose rows restrict the answer ("the names of the skippers").
  const used = new Set([
    from,
    ...joined,
    ...select.flatMap((s) => (s.column ? [s.column.table] : [])),
    ...filters.where.map((c) => c.column.table),
  ]);
  // Not for a plain count: joined rows would be counted too.
  const plainCount = select.length === 1 && select[0]!.aggregate === 'COUNT' && !select[0]!.column;
  for (const t of plainCount ? [] : reading.tables) {
    if (t.score < 1 || used.has(t.target) || t.words.some((i) => reading.claimed.has(i))) continue;
    const path = joinPath(reading.linking.schema, from, [t.target]);
    if (path?.length === 1) joined.push(t.target);
  }
  if (joined.length) plan.extraTables = [...new Set(joined)];
  if (filters.having && plan.groupBy.length)
    plan.having = { item: { aggregate: 'COUNT' }, op: filters.having.op, value: filters.having.value };
  if (filters.groupHaving) {
    // The groups are what the question shows ("the codes of the types with …") or groups by ("for each type").
    const shownColumns = select.flatMap((s) => (s.column && !s.aggregate ? [s.column] : []));
    if (!plan.groupBy.length) plan.groupBy = shownColumns;
    if (plan.having || !plan.groupBy.length || select.some((s) => s.all))
      plan.unsure = plan.having
        ? 'the question sets two thresholds on each group, which these rules do not combine'
        : 'the question compares an aggregate of groups with other rows, and no column to group the rows by was found';
    else plan.having = filters.groupHaving;
  }
  if (ranking && (ranking.item.column || plan.groupBy.length)) {
    plan.orderBy = { item: ranking.item, descending: ranking.descending };
    plan.limit = filters.limit ?? 1;
  } else if (order) {
    const item = order.item.column || order.item.aggregate ? order.item : select.find((s) => s.column && !s.aggregate);
    if (item && (!item.aggregate || plan.groupBy.length)) plan.orderBy = { item, descending: order.descending };
    if (filters.limit !== undefined) plan.limit = filters.limit;
  } else if (filters.limit !== undefined) {
    plan.limit = filters.limit;
  }
  if (distinct && !select.some((s) => s.aggregate)) plan.distinct = true;
  return reachable(reading, plan);
}

const sameRef = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;
const distinctColumns = (refs: ColumnRef[]) => refs.filter((r, i) => refs.findIndex((o) => sameRef(o, r)) === i);

/**
 * The column a group reads: a table's key when a shown column is it or refers to it ("the hull
 * codes and the number of ferries in each hull"), else the table's name column.
 */
function groupColumn(group: Group | undefined, shown: ColumnRef[]): ColumnRef | undefined {
  if (!group || group === 'shown') return undefined;
  if ('column' in group) return group;
  const { table } = group;
  const keys = new Set(table.primaryKey.map((k) => k.toLowerCase()));
  const keyShown = shown.some(
    (c) => (c.table === table && keys.has(c.column.name.toLowerCase())) || refersTo(c, table),
  );
  return keyShown ? undefined : nameColumn(table);
}

const refersTo = (ref: ColumnRef, table: TableSchema) =>
  ref.table.foreignKeys.some((f) => f.referencedTable === table.name && f.columns.includes(ref.column.name)) ||
  table.primaryKey.some((k) => k.toLowerCase() === ref.column.name.toLowerCase());

/** "all information about …", "all the ferry information", "everything": every column. */
function asksForEverything(reading: Reading): boolean {
  const { words } = reading;
  return words.some((w, i) => {
    if (w.lower === 'everything') return true;
    if (
      !/^(?:information|info|details|data|attributes|columns)$/.test(w.lower) ||
      reading.columns.some((m) => m.words.includes(i))
    )
      return false;
    return words.slice(Math.max(0, i - 4), i).some((b) => b.lower === 'all');
  });
}
const QUESTION_WORD_HINTS: Record<string, string[]> = {
  where: ['location', 'address', 'place', 'city', 'country'],
  when: ['date', 'year', 'time'],
};

/** What to show when the question names no column: every column, a person's names, or the name of the thing asked about. */
function defaultColumns(reading: Reading, counted?: TableSchema): SelectItem[] {
  const { words } = reading;
  const subject = reading.tables.find((t) => t.words[0]! <= 3) ?? reading.tables[0];
  const table = counted ?? subject?.target ?? reading.focus;
  const personal = table.columns.filter((c) => isPersonalName(c.name));
  if ((findPhrase(words, FULL_NAME) || words[0]?.lower === 'who') && personal.length >= 2)
    return personal.map((column) => ({ column: { table, column } }));
  // "How old is …", "how tall …": the column the adjective is about.
  const how = words[0]?.lower === 'how' ? ADJECTIVE_HINTS[words[1]?.lower ?? ''] : undefined;
  const measured = how && hintedColumn(reading, how);
  if (measured) return [{ column: measured }];
  // "Where is …" asks for a place, "When was …" for a time.
  const asked = QUESTION_WORD_HINTS[words[0]?.lower ?? ''];
  const hinted =
    asked &&
    table.columns.find(
      (c) => nameStems(c.name).some((p) => asked.includes(p)) || (words[0]!.lower === 'when' && isTemporal(c)),
    );
  if (hinted) return [{ column: { table, column: hinted } }];
  const named = nameColumn(table);
  if (named) return [{ column: named }];
  const key = table.columns.find((c) => table.primaryKey.includes(c.name)) ?? table.columns[0];
  return key ? [{ column: { table, column: key } }] : [];
}

/** Drops what lives in tables no join reaches, so the SQL always runs. */
function reachable(reading: Reading, plan: SqlPlan): SqlPlan {
  const reaches = (table: TableSchema) =>
    table === plan.from || joinPath(reading.linking.schema, plan.from, [table]) !== undefined;
  const ok = (ref: ColumnRef | undefined) => !ref || reaches(ref.table);
  const select = plan.select.filter((s) => ok(s.column));
  const { orderBy, ...rest } = plan;
  return {
    ...rest,
    ...(plan.extraTables && { extraTables: plan.extraTables.filter(reaches) }),
    ...(orderBy && ok(orderBy.item.column) && { orderBy }),
    select: select.length ? select : [{ aggregate: 'COUNT' }],
    where: plan.where.filter((c) => ok(c.column)),
    groupBy: plan.groupBy.filter(ok),
  };
}
