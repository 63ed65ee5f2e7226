// Sentences that carry no request of their own: greetings, thanks, apologies and asking for help in
// general ("Hi there!", "Quick question.", "Can you help me?", "Thanks in advance."). Users write them
// around the request. Read as part of it, their capitalised words look like names ("Quick" as the zone
// of a thermostat) and their sentences like second requests (a message that looks like two requests,
// one of them unreadable, gets no call). `requestText` leaves them out, unless nothing else is left.
// The words are a closed class of English, not tuned: a sentence is left out only when every word of
// it is one of them.
const PHATIC = new Set(
  (
    'hi hello hey hiya greetings good morning afternoon evening day dear there thanks thank thx ty cheers ' +
    'please pls plz sorry apologies ok okay quick question questions query help assist assistance favour ' +
    'favor can could would will you me my i im we us our need want wondering wonder hoping hope just a an ' +
    'the some here this that so much lot lots advance appreciated appreciate regards kind best wishes all ' +
    'everyone again in for with your know like ask asking wanted tell to'
  ).split(' '),
);

// A sentence ends at . ! ? (one or more) before a space or the end: the dots of "3.5" and of a host
// name end none. "Dr." does, but a sentence cut there is no phatic one and is joined back as written.
const SENTENCE = /.*?(?:[.!?]+(?=\s|$)|$)/gsu;

const isPhatic = (sentence: string): boolean => {
  const words = sentence
    .toLowerCase()
    .replace(/['’]/g, '')
    .match(/\p{L}+|\p{N}+/gu);
  return words !== null && words.every((w) => PHATIC.has(w));
};

// Thanks after a comma or a dash at the very end ("…, thanks", "… - cheers!"): without the comma it
// may be the value itself ("a message saying thank you"), so it stays.
const TRAILING_THANKS =
  /\s*[,;–—-]\s*(?:thanks|thank\s+you|thx|ty|cheers|please|pls|plz)(?:\s+(?:a\s+lot|so\s+much|very\s+much|in\s+advance))?\s*[.!]*\s*$/iu;

// A greeting before a comma or a dash at the very start ("Hi, …", "Hello there - …", "Good morning, …").
const LEADING_GREETING =
  /^\s*(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening))(?:\s+there)?(?:\s*,\s*|\s+[–—-]\s+)/iu;

// A lead-in before a colon that asks nothing itself ("I want to know: …", "Question: …").
const LEAD_IN = /^([^:.!?]{1,40}):\s+/u;
const withoutLeadIn = (text: string) => {
  const lead = LEAD_IN.exec(text);
  return lead && isPhatic(lead[1]!) ? text.slice(lead[0].length) : text;
};

/** The question without its sentences of greeting, thanks or general asking for help. */
export function requestText(written: string): string {
  // Spaces around the message are no part of it ("… 3 and 5. " read "5." as a list number), and a run
  // of spaces inside it is one space (a value is never written with two).
  const text = written.trim().replace(/[ \t]{2,}/g, ' ');
  const unthanked = withoutLeadIn(text.replace(TRAILING_THANKS, '').replace(LEADING_GREETING, ''));
  if (unthanked !== text && unthanked.trim() !== '') return requestText(unthanked);
  const sentences = (text.match(SENTENCE) ?? []).filter((s) => s.trim() !== '');
  const kept = sentences.filter((s) => !isPhatic(s));
  if (kept.length === sentences.length || kept.length === 0) return text;
  return kept
    .map((s) => s.trim())
    .join(' ')
    .trim();
}
