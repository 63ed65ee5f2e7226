// The BERT-family tokenizer that sentence models such as all-mpnet-base-v2 were trained with, read from
// the model's own tokenizer.json: BertNormalizer (drop control characters, space out CJK ideographs,
// lowercase and strip accents), BertPreTokenizer (split on whitespace and punctuation), then WordPiece
// (greedy longest match, continuation pieces prefixed "##"). Written here rather than taken from a
// library because the whole algorithm is this file, and the libraries that carry it bring a second
// ONNX runtime with them. tests/unit/wordpiece.test.ts checks it against the reference tokenizer's ids.

export interface WordPieceConfig {
  vocab: ReadonlyMap<string, number>;
  unknownId: number;
  /** Framing ids: `<s> … </s>` for MPNet, `[CLS] … [SEP]` for BERT. */
  startId: number;
  endId: number;
  padId: number;
  lowercase: boolean;
  stripAccents: boolean;
  prefix: string;
  maxCharsPerWord: number;
}

/** Reads the parts of a Hugging Face tokenizer.json this tokenizer implements, refusing any other kind. */
export function wordPieceConfig(tokenizerJson: unknown): WordPieceConfig {
  const t = tokenizerJson as {
    normalizer?: { type?: string; lowercase?: boolean; strip_accents?: boolean | null };
    model?: { type?: string; vocab?: Record<string, number>; unk_token?: string; continuing_subword_prefix?: string };
    post_processor?: { cls?: [string, number]; sep?: [string, number] };
    padding?: { pad_id?: number } | null;
    model_max_input_chars_per_word?: number;
  };
  const model = t.model;
  if (model?.type !== 'WordPiece' || !model.vocab || t.normalizer?.type !== 'BertNormalizer') {
    throw new Error('tokenizer.json is not a BERT-style WordPiece tokenizer');
  }
  const vocab = new Map(Object.entries(model.vocab));
  const id = (token: string | undefined) => {
    const found = token === undefined ? undefined : vocab.get(token);
    if (found === undefined) throw new Error(`tokenizer.json lacks the token ${token ?? '(unnamed)'}`);
    return found;
  };
  const lowercase = t.normalizer.lowercase ?? true;
  return {
    vocab,
    unknownId: id(model.unk_token),
    startId: t.post_processor?.cls?.[1] ?? id('[CLS]'),
    endId: t.post_processor?.sep?.[1] ?? id('[SEP]'),
    padId: t.padding?.pad_id ?? 0,
    lowercase,
    // BERT's rule: accents go with lowercasing unless strip_accents says otherwise.
    stripAccents: t.normalizer.strip_accents ?? lowercase,
    prefix: model.continuing_subword_prefix ?? '##',
    maxCharsPerWord: 100,
  };
}

// As the reference: tab, newline and return are whitespace, every other "other" character is dropped.
const WHITESPACE = /[\t\n\r \p{Zs}]/u;
const CONTROL = /\p{C}/u;
const MARK = /\p{Mn}/gu;
const PUNCTUATION = /\p{P}/u;

function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}

/** BERT counts every non-alphanumeric printable ASCII character as punctuation, plus Unicode's P classes. */
function isPunctuation(char: string, code: number): boolean {
  if (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  )
    return true;
  return PUNCTUATION.test(char);
}

export class WordPieceTokenizer {
  private readonly cache = new Map<string, number[]>();

  constructor(private readonly config: WordPieceConfig) {}

  /** Ids framed by the start and end tokens, at most `maxTokens` in all (the text's end is cut). */
  encode(text: string, maxTokens: number): number[] {
    const room = Math.max(0, maxTokens - 2);
    const ids: number[] = [];
    for (const word of this.words(text)) {
      for (const id of this.pieces(word)) {
        if (ids.length === room) return [this.config.startId, ...ids, this.config.endId];
        ids.push(id);
      }
    }
    return [this.config.startId, ...ids, this.config.endId];
  }

  get padId(): number {
    return this.config.padId;
  }

  /** Normalised words and punctuation marks, in order. */
  private *words(text: string): Generator<string> {
    let word = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code === 0 || code === 0xfffd || (CONTROL.test(char) && !WHITESPACE.test(char))) continue;
      if (WHITESPACE.test(char)) {
        if (word) yield* this.split(word);
        word = '';
      } else if (isCjk(code)) {
        if (word) yield* this.split(word);
        word = '';
        yield char;
      } else word += char;
    }
    if (word) yield* this.split(word);
  }

  /** A whitespace-free run, normalised, then cut at each punctuation character. */
  private *split(raw: string): Generator<string> {
    let text = this.config.lowercase ? raw.toLowerCase() : raw;
    if (this.config.stripAccents) text = text.normalize('NFD').replace(MARK, '');
    let word = '';
    for (const char of text) {
      if (isPunctuation(char, char.codePointAt(0)!)) {
        if (word) yield word;
        word = '';
        yield char;
      } else word += char;
    }
    if (word) yield word;
  }

  private pieces(word: string): number[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const ids = this.wordPiece(word);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(word, ids);
    return ids;
  }

  private wordPiece(word: string): number[] {
    const chars = [...word];
    const { vocab, unknownId, prefix, maxCharsPerWord } = this.config;
    if (chars.length > maxCharsPerWord) return [unknownId];
    const ids: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? prefix : '') + chars.slice(start, end).join('');
        found = vocab.get(piece);
        if (found !== undefined) break;
        end--;
      }
      // One unmatched stretch makes the whole word unknown, as in BERT.
      if (found === undefined) return [unknownId];
      ids.push(found);
      start = end;
    }
    return ids;
  }
}
