// Adjectives and the words they name in other ways, from WordNet 3.0 (built by
// tools/build-similar-adjectives.ts): the clusters of similar adjectives ("quick", a satellite of
// `fast`) and the nouns a relational adjective pertains to (`rural` to "country"). A structured
// answer uses them to read an enum option the text names in other words; general English, written
// as WordNet writes it (not stemmed), so a noun of the same stem ("limits") is not the adjective
// ("limited").
import { ADJECTIVE_NOUNS } from './generated/adjective-nouns';
import { SIMILAR_ADJECTIVES } from './generated/similar-adjectives';

let headsOf: Map<string, string[]> | undefined;
let nounsOf: Map<string, string[]> | undefined;

const entries = (list: string) => list.split('\n').filter((line) => line && !line.startsWith('#'));

/** Each satellite adjective with the heads of the clusters it belongs to. */
function clusterHeads(): Map<string, string[]> {
  if (headsOf) return headsOf;
  headsOf = new Map();
  for (const line of entries(SIMILAR_ADJECTIVES)) {
    const [heads, satellites] = line.split(':') as [string, string];
    for (const satellite of satellites.split(' '))
      headsOf.set(satellite, [...(headsOf.get(satellite) ?? []), ...heads.split(' ')]);
  }
  return headsOf;
}

/**
 * How many adjective clusters have `satellite` among their satellites and `head` among their heads:
 * "quick" names `fast` in other words, "lofty" `tall` (a satellite of high, which sees tall); the
 * related-words groups leave such satellites apart from their head. Both lower-case: 0 when none.
 */
export function satelliteOf(satellite: string, head: string): number {
  return (clusterHeads().get(satellite) ?? []).filter((h) => h === head).length;
}

/** The nouns a relational adjective pertains to (`rural` → "country"); none for other words. */
export function pertainsTo(adjective: string): string[] {
  nounsOf ??= new Map(
    entries(ADJECTIVE_NOUNS).map((line) => {
      const [word, ...nouns] = line.split(' ') as [string, ...string[]];
      return [word, nouns];
    }),
  );
  return nounsOf.get(adjective) ?? [];
}
