// Does a question's answer survive what users write around it? Each question of the development data
// (the BFCL tune half's simple and multiple items; the Spider tuning half) is asked as written and again
// with a greeting, "Quick question.", "Can you help?", "I want to know:" or thanks around it, its final
// mark dropped or its spaces doubled, written in lower case (as many users type) or with thousands commas:
// none of which changes what is asked. For function calls, the schema is reordered too (properties,
// `required`, the tools offered: packages/heuristic-engine/bench/tool-args-schema-order.ts), and our own
// paraphrase sets 1-13 are asked the same ways. The figure is how many calls (BFCL) or written queries (Spider) change,
// and how many of those became another answer (a confidently wrong one) rather than an ask or a decline. The
// baseline is a trailing space, which must change nothing. No public question carries
// such words (text-tools' requestText leaves every BFCL and Spider question as it is), so the
// benchmarks' own figures never see this; a user's message often does.
// Run: FNQ_SHARED_DATA=/work/shared/data node --import tsx bench/perturbations.ts [--show-examples] [--only=calls|sql]
import { isDeepStrictEqual } from 'node:util';
import { decideFunctionCall } from '@fnquery/heuristic-engine';
import { judgedCalls, toTool } from '../packages/heuristic-engine/bench/tool-args';
import { PARAPHRASE_SETS, readSet } from '../packages/heuristic-engine/bench/tool-args-paraphrases';
import {
  bfclSchemaFigures,
  paraphraseSchemaFigures,
  printSchemaFigures,
} from '../packages/heuristic-engine/bench/tool-args-schema-order';
import type { ToolDefinition } from '@fnquery/contracts';
import { forEachTuningDatabase } from './spider-tuning';
import { localSelect } from './sql';
import { isMain } from './stats';

const ended = (q: string) => (/[.?!]\s*$/.test(q) ? q.trim() : `${q.trim()}?`);
export const PERTURBATIONS: Record<string, (q: string) => string> = {
  'baseline: a trailing space': (q) => `${q} `,
  '"Hi! " before': (q) => `Hi! ${q}`,
  '"Hi, " before': (q) => `Hi, ${q.charAt(0).toLowerCase()}${q.slice(1)}`,
  '"Quick question. " before': (q) => `Quick question. ${q}`,
  '"Can you help? " before': (q) => `Can you help? ${q}`,
  '" Thanks." after': (q) => `${ended(q)} Thanks.`,
  '", thanks" after': (q) => `${q.replace(/[.?!]?\s*$/, '')}, thanks`,
  '" Thanks in advance!" after': (q) => `${ended(q)} Thanks in advance!`,
  '"I want to know: " before': (q) => `I want to know: ${q.charAt(0).toLowerCase()}${q.slice(1)}`,
  'final mark dropped': (q) => q.replace(/[.?!]+\s*$/, ''),
  'every space doubled': (q) => q.replace(/ /g, '  '),
  'first letter lower case': (q) => `${q.charAt(0).toLowerCase()}${q.slice(1)}`,
  'all lower case': (q) => q.toLowerCase(),
  // Numbers standing alone only: the digits of a code such as "AB123456" or "123456-XY" are no amount.
  'thousands written with commas': (q) =>
    q.replace(/(?<![\w.,-])\d{5,}(?![\w.,-])/g, (n) => Number(n).toLocaleString('en-US')),
};

interface Tally {
  asked: number;
  changed: Record<string, number>;
  /** Of those changed, how many became another answer (a confidently wrong one) rather than an ask or decline. */
  toAnother: Record<string, number>;
  examples: string[];
}
const newTally = (): Tally => ({ asked: 0, changed: {}, toAnother: {}, examples: [] });

/** Every string of an answer in lower case, to compare answers as a case-insensitive reader would. */
const caseless = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.toLowerCase()
    : Array.isArray(value)
      ? value.map(caseless)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, caseless(v)]))
        : value;

/**
 * Answers compare as values: two calls with the same arguments in another order are the same call, and
 * so are two whose strings differ only in case: "lebron james" typed in lower case is sent as the user
 * wrote it, and the functions' own checker (BFCL's) compares strings without case too.
 */
function tallyOne(
  tally: Tally,
  question: string,
  answer: (q: string) => unknown,
  isNone: (a: unknown) => boolean,
): void {
  const base = answer(question);
  tally.asked++;
  for (const [name, perturb] of Object.entries(PERTURBATIONS)) {
    const other = answer(perturb(question));
    if (isDeepStrictEqual(caseless(other), caseless(base))) continue;
    tally.changed[name] = (tally.changed[name] ?? 0) + 1;
    if (!isNone(other)) tally.toAnother[name] = (tally.toAnother[name] ?? 0) + 1;
    const shown = (a: unknown) => (typeof a === 'string' ? a : JSON.stringify(a));
    tally.examples.push(`${perturb(question)}\n      as written: ${shown(base)}\n      perturbed:  ${shown(other)}`);
  }
}

/** The calls decided for `question`, as values; 'no call' for a question back or a decline. */
const callsFor = (tools: ToolDefinition[], named: boolean) => (question: string) => {
  const decision = decideFunctionCall({ question, tools, ...(named && { named }) }).value;
  return 'calls' in decision ? decision.calls.map((c) => [c.name, JSON.parse(c.arguments) as unknown]) : 'no call';
};

/** BFCL tune half: the calls the engine makes for each simple or multiple item it calls on. */
export async function callFigures(): Promise<Tally> {
  const tally = newTally();
  for (const judged of await judgedCalls('tune')) {
    if (judged.category !== 'simple_python' && judged.category !== 'multiple') continue;
    const tools = [toTool(judged.fn as Parameters<typeof toTool>[0])];
    tallyOne(tally, judged.question, callsFor(tools, false), (a) => a === 'no call');
  }
  return tally;
}

/** Our own sets 1-13 (development data): every case, its one function named, as the function endpoint offers it. */
export function paraphraseCallFigures(): Tally {
  const tally = newTally();
  for (const { file } of PARAPHRASE_SETS.filter((s) => !s.integrator)) {
    const set = readSet(file);
    for (const c of set.cases) {
      const tool = set.functions.find((f) => f.name === c.tool)!;
      tallyOne(tally, c.question, callsFor([tool], true), (a) => a === 'no call');
    }
  }
  return tally;
}

/** Spider tuning half: the SELECT written for each question the engine answers (its declines are not asked). */
export async function sqlFigures(): Promise<Tally | undefined> {
  const tally = newTally();
  const found = await forEachTuningDatabase(async ({ questions, schema }) => {
    for (const { question } of questions) {
      if (localSelect(question, schema).sql.startsWith('declined')) continue;
      tallyOne(
        tally,
        question,
        // Lower-cased: a value written in lower case finds the same rows under MariaDB's case-insensitive collation.
        (q) => localSelect(q, schema).sql.toLowerCase(),
        (a) => String(a).startsWith('declined'),
      );
    }
  });
  return found ? tally : undefined;
}

function print(label: string, tally: Tally, showExamples: boolean): void {
  console.log(`\n${label}: ${tally.asked} questions answered as written`);
  for (const name of Object.keys(PERTURBATIONS)) {
    const changed = tally.changed[name] ?? 0;
    const another = tally.toAnother[name] ?? 0;
    console.log(
      `  ${name.padEnd(32)} changed ${String(changed).padStart(5)} (${((changed / tally.asked) * 100).toFixed(1)}%)` +
        `, to another answer ${String(another).padStart(5)} (${((another / tally.asked) * 100).toFixed(1)}%)`,
    );
  }
  if (showExamples) for (const example of tally.examples.slice(0, 20)) console.log(`    ${example}`);
}

if (isMain(import.meta.url)) {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const showExamples = process.argv.includes('--show-examples');
  console.log('Answers that change when words that change nothing are written around the question (development data)');
  if (only !== 'sql') {
    print('function calls, BFCL tune half (simple, multiple)', await callFigures(), showExamples);
    print('function calls, our paraphrase sets 1-13 (every case)', paraphraseCallFigures(), showExamples);
    console.log('\nAnswers that change when the schema is reordered without changing what it means');
    printSchemaFigures('function calls, BFCL tune half (all categories)', await bfclSchemaFigures(), showExamples);
    printSchemaFigures('function calls, our paraphrase sets 1-13', paraphraseSchemaFigures(), showExamples);
  }
  if (only !== 'calls') {
    const sql = await sqlFigures();
    if (sql) print('text-to-SQL, Spider tuning half', sql, showExamples);
    else console.log('\ntext-to-SQL: no Spider data (../shared/data/spider), skipped');
  }
}
