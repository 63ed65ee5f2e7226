// Does a call survive what a function's author may vary without changing what it means: the order of the
// properties in its schema (and of `required`), or the order in which the tools are offered? Each item of
// the BFCL tune half (every category) and each case of our own paraphrase sets 1-13 is decided with the
// tools as written and again with them reordered. The figures: how many answers change, how many of those
// became another call (a confidently wrong one for whichever order is wrong), how many right calls were
// lost, and the confidently wrong count as written → reordered. The baseline is a deep copy of the tools,
// which must change nothing. Sets 14 and 15 are kept out: they are read as totals only.
// Run: FNQ_SHARED_DATA=/work/shared/data node --import tsx packages/heuristic-engine/bench/tool-args-schema-order.ts [--show-examples]
import { isDeepStrictEqual } from 'node:util';
import { decideFunctionCall } from '@fnquery/heuristic-engine';
import type { ToolDefinition } from '@fnquery/contracts';
import { isMain } from './stats';
import { acceptedByOne, fullCallRight, loadHalves, toTool, type Call } from './tool-args';
import { judge, PARAPHRASE_SETS, readSet } from './tool-args-paraphrases';

type Reorder = (keys: string[]) => string[];

/** The tool with its properties (and `required`, in the same relative order) put in the order `reorder` gives. */
function withPropertyOrder(tool: ToolDefinition, reorder: Reorder): ToolDefinition {
  const parameters = structuredClone(tool.parameters) as Record<string, unknown>;
  const properties = parameters.properties as Record<string, unknown> | undefined;
  if (!properties) return { ...tool, parameters };
  const order = reorder(Object.keys(properties));
  parameters.properties = Object.fromEntries(order.map((k) => [k, properties[k]]));
  if (Array.isArray(parameters.required))
    parameters.required = order.filter((k) => (parameters.required as string[]).includes(k));
  return { ...tool, parameters };
}

export const SCHEMA_PERTURBATIONS: Record<string, (tools: ToolDefinition[]) => ToolDefinition[]> = {
  'baseline: tools copied': (tools) => structuredClone(tools),
  'properties reversed': (tools) => tools.map((t) => withPropertyOrder(t, (keys) => [...keys].reverse())),
  'properties rotated by one': (tools) =>
    tools.map((t) => withPropertyOrder(t, (keys) => [...keys.slice(1), ...keys.slice(0, 1)])),
  'tools offered in reverse order': (tools) => [...tools].reverse(),
};

interface Tally {
  answered: number;
  changed: Record<string, number>;
  toAnotherCall: Record<string, number>;
  rightLost: Record<string, number>;
  wrongAsWritten: number;
  wrongReordered: Record<string, number>;
  examples: string[];
}
const newTally = (): Tally => ({
  answered: 0,
  changed: {},
  toAnotherCall: {},
  rightLost: {},
  wrongAsWritten: 0,
  wrongReordered: {},
  examples: [],
});
const shown = (a: Answer) => (a.calls.length ? JSON.stringify(a.calls) : a.text);
const bump = (counts: Record<string, number>, name: string) => (counts[name] = (counts[name] ?? 0) + 1);

interface Answer {
  /** The calls made, as values and in a fixed order (parallel calls may come out in the tools' order). */
  calls: Call[];
  /** The question back or the decline when no call is made. */
  text: string;
}

function answerOf(question: string, tools: ToolDefinition[], named: boolean): Answer {
  const decision = decideFunctionCall({ question, tools, ...(named && { named }) }).value;
  if (!('calls' in decision)) return { calls: [], text: decision.text };
  const calls = decision.calls
    .map((c) => ({ name: c.name, args: JSON.parse(c.arguments) as Record<string, unknown> }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { calls, text: '' };
}

/**
 * One question under every perturbation; `verdict` says whether an answer is right and whether it is a wrong
 * call. Answers compare by their calls: a question back that names the missing values in another order is the
 * same answer.
 */
function tallyOne(
  tally: Tally,
  question: string,
  tools: ToolDefinition[],
  named: boolean,
  verdict: (answer: Answer) => { right: boolean; wrongCall: boolean },
): void {
  const base = answerOf(question, tools, named);
  const asWritten = verdict(base);
  tally.answered++;
  if (asWritten.wrongCall) tally.wrongAsWritten++;
  for (const [name, perturb] of Object.entries(SCHEMA_PERTURBATIONS)) {
    const other = answerOf(question, perturb(tools), named);
    const reordered = verdict(other);
    if (reordered.wrongCall) bump(tally.wrongReordered, name);
    if (isDeepStrictEqual(other.calls, base.calls)) continue;
    bump(tally.changed, name);
    if (other.calls.length > 0) bump(tally.toAnotherCall, name);
    if (asWritten.right && !reordered.right) bump(tally.rightLost, name);
    tally.examples.push(`${name}: ${question}\n      as written: ${shown(base)}\n      reordered:  ${shown(other)}`);
  }
}

/** Every item of the BFCL tune half, with all the tools it offers. */
export async function bfclSchemaFigures(): Promise<Tally> {
  const tally = newTally();
  for (const [category, items] of await loadHalves('tune'))
    for (const item of items)
      tallyOne(tally, item.question, item.functions.map(toTool), false, ({ calls }) => {
        const right = fullCallRight(category, item, calls);
        const wrongCall =
          calls.length > 0 && (category === 'irrelevance' || !calls.every((c) => acceptedByOne(item, c)));
        return { right, wrongCall };
      });
  return tally;
}

/** Every case of our own sets 1-13, one named function each, as the function endpoint offers it. */
export function paraphraseSchemaFigures(): Tally {
  const tally = newTally();
  for (const { file } of PARAPHRASE_SETS.filter((s) => !s.integrator)) {
    const set = readSet(file);
    for (const c of set.cases) {
      const tool = set.functions.find((f) => f.name === c.tool)!;
      tallyOne(tally, c.question, [tool], true, ({ calls, text }) => {
        const call = calls[0];
        const failure = judge(c, call, text);
        return { right: !failure, wrongCall: Boolean(failure && call) };
      });
    }
  }
  return tally;
}

export function printSchemaFigures(label: string, tally: Tally, showExamples: boolean): void {
  console.log(`\n${label}: ${tally.answered} questions, confidently wrong as written ${tally.wrongAsWritten}`);
  for (const name of Object.keys(SCHEMA_PERTURBATIONS)) {
    const n = (counts: Record<string, number>) => String(counts[name] ?? 0).padStart(4);
    console.log(
      `  ${name.padEnd(32)} changed ${n(tally.changed)}, to another call ${n(tally.toAnotherCall)}, right lost ${n(tally.rightLost)}, confidently wrong ${tally.wrongAsWritten} → ${(tally.wrongReordered[name] ?? 0).toString()}`,
    );
  }
  if (showExamples) for (const example of tally.examples.slice(0, 40)) console.log(`    ${example}`);
}

if (isMain(import.meta.url)) {
  const showExamples = process.argv.includes('--show-examples');
  console.log('Answers that change when the schema is reordered without changing what it means (development data)');
  printSchemaFigures('BFCL tune half, all categories', await bfclSchemaFigures(), showExamples);
  printSchemaFigures('our paraphrase sets 1-13', paraphraseSchemaFigures(), showExamples);
}
