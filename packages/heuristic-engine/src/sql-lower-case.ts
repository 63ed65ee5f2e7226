// Many users type in lower case. A name or code written that way ("iceland", "uk") is not read as a value the
// way "Iceland" or "UK" is, and the query then silently drops the condition it stood for. A question with no
// capital letter at all is therefore read once more with its unread words written as names (codes of up to
// two letters in capitals; not words that are forms of a verb, "located"); when that reading compares one of
// them as a value a column is known to store (a common noun such as "members" is no stored value) and writes
// another query, the lower-case reading is a guess and the engine asks for the names to be written as names
// instead of answering another question.
import type { DatabaseSchema } from '@fnquery/contracts';
import { isMostlyVerb } from './lexicon/verbs';
import { renderSql, type Condition } from './sql-plan';
import type { WrittenReading } from './sql-rivals';

/** "located", "sailed", "moving", "sails": a form of a verb, not a name. */
const verbForm = (word: string) =>
  isMostlyVerb(word) ||
  [/ed$/, /d$/, /ing$/, /s$/].some((end) => end.test(word) && isMostlyVerb(word.replace(end, ''))) ||
  (/ing$/.test(word) && isMostlyVerb(`${word.slice(0, -3)}e`));

/** The text values a plan compares, in its subqueries and set operation too. */
function comparedValues(where: Condition[]): string[] {
  return where.flatMap((c) =>
    typeof c.value === 'string'
      ? [c.value.replace(/^%|%$/g, '')]
      : typeof c.value === 'object'
        ? comparedValues(c.value.where)
        : [],
  );
}

/** The word written as a name: "iceland" → "Iceland", a code of up to two letters or digits → "UK", "A4". */
const asName = (word: string) => (word.length <= 2 ? word.toUpperCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`);

/**
 * Why a question written all in lower case is not read with confidence, or undefined: `unread` are the words
 * no table, column, value or clause read; `write` reads and plans a question over the same schema.
 */
export function lowerCaseDoubt(
  question: string,
  unread: string[],
  written: WrittenReading,
  schema: DatabaseSchema,
  write: (question: string) => WrittenReading,
): string | undefined {
  const words = new Set(unread.filter((w) => !verbForm(w)));
  if (/[A-Z]/.test(question) || !words.size) return undefined;
  const named = question.replace(/[a-z0-9]+/g, (w) => (words.has(w) ? asName(w) : w));
  const again = write(named);
  if (again.plan.unsure) return undefined;
  const sql = (w: WrittenReading) => renderSql(w.plan, schema).toLowerCase();
  if (sql(again) === sql(written)) return undefined;
  // The other reading must compare one of the words as a value a column is known to store.
  const compared = new Set(
    comparedValues([...again.plan.where, ...(again.plan.setOperation?.where ?? [])]).map((v) => v.toLowerCase()),
  );
  const stored = again.reading.values.filter((v) => v.columns.length && compared.has(v.value.toLowerCase()));
  const taken = [...words].filter((w) =>
    stored.some((v) =>
      v.value
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .includes(w),
    ),
  );
  if (!taken.length) return undefined;
  const said = taken.map((w) => `"${w}"`).join(', ');
  return `the question is written in lower case, and with ${said} written as ${taken.length > 1 ? 'names' : 'a name'} it reads as another query; write names and codes as they are stored (capitals, or in quotes)`;
}
