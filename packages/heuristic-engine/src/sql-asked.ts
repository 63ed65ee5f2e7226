// How many things a question asks to see: "the name and the age of …" asks two, "the first and last name,
// city and country" four. Each asking word that opens a sentence ("What", "Show", "Give me") or follows
// "and" ("…, and how many crew …") starts a list, read up to the first word that turns from what is shown
// to which rows ("of", "for", "who", "with", a verb); each "and" or comma in the list adds a thing. A
// sentence that restates what the one before asked ("Who skippers Aurora? Give the first and last name.")
// asks it once: a question asks as many things as its longest sentence.
import type { Word } from './sql-linking';

const ASKING = new Set(['what', 'which', 'who', 'how', 'show', 'list', 'find', 'give', 'return', 'display', 'tell']);
/** Words after the asking word that open the list without being part of it. */
const LEAD = new Set(['is', 'are', 'was', 'were', 'me', 'us', 'the', 'a', 'an', 'all', 'many', 'much']);
/** Words that end the list: what follows says which rows, or is the verb of the question. */
const TURN = new Set(
  (
    'of for in from who whom whose that which where when with without by on at to per than ' +
    'sorted ordered order having has have had is are was were do does did can could will would'
  ).split(' '),
);
const SEPARATORS = new Set(['and', '&']);

/** The number of things each sentence asks to see, at most; 0 when no asking word opens a list. */
export function thingsAsked(
  question: string,
  words: Word[],
  namesColumn: (at: number) => boolean = () => false,
): number {
  const between = (i: number) => question.slice(words[i - 1]?.end ?? 0, words[i]!.start);
  const sentenceStart = (i: number) => i === 0 || /[.?!;]/.test(between(i));
  const opensList = (i: number, sentenceAsked: boolean) =>
    ASKING.has(words[i]!.lower) && (!sentenceAsked || SEPARATORS.has(words[i - 1]?.lower ?? ''));

  // "the names of ferries and the countries of their ports": each "and the Y of" after the first "of" asks one
  // more, and so does a last "and the Y" that names a column ("the number of crossings and the ferry name").
  const thingsOfOthers = (from: number) => {
    let more = 0;
    for (let k = from; k < words.length && words[k]!.lower === 'of';) {
      let and = k + 1;
      while (and < words.length && !TURN.has(words[and]!.lower) && !SEPARATORS.has(words[and]!.lower)) and++;
      if (!SEPARATORS.has(words[and]?.lower ?? '')) break;
      const next = words.slice(and + 1, and + 4);
      const of = next.findIndex((w) => TURN.has(w.lower));
      if (of >= 0 && words[and + 1 + of]!.lower === 'of') {
        more += 1;
        k = and + 1 + of;
        continue;
      }
      const phrase = of < 0 ? next.length : of;
      if (next.slice(0, phrase).some((_, n) => namesColumn(and + 1 + n))) more += 1;
      break;
    }
    return more;
  };

  let most = 0;
  let inSentence = 0;
  let sentenceAsked = false;
  for (let i = 0; i < words.length; i++) {
    if (sentenceStart(i)) [inSentence, sentenceAsked] = [0, false];
    if (!opensList(i, sentenceAsked)) continue;
    sentenceAsked = true;
    let j = i + 1;
    while (j < words.length && LEAD.has(words[j]!.lower)) j++;
    let things = 1;
    const ends = (k: number) => TURN.has(words[k]!.lower) || ASKING.has(words[k]!.lower) || sentenceStart(k);
    for (; j < words.length && !ends(j); j++) {
      const separated = SEPARATORS.has(words[j]!.lower) || between(j).includes(',');
      // ", and" is one separator; a separator right before the turn word joins nothing.
      if (separated && !SEPARATORS.has(words[j - 1]!.lower)) things += 1;
    }
    if (SEPARATORS.has(words[j - 1]!.lower)) things -= 1;
    things += thingsOfOthers(j);
    inSentence += things;
    most = Math.max(most, inSentence);
  }
  return most;
}
