import { describe, expect, it } from 'vitest';
import { CLOSEST_ONLY, NOTHING_RELEVANT, ragAnswer, splitSentences } from '../src/rag-answer';

const hits = [
  {
    source: 'handbook.pdf p. 4',
    score: 0.03,
    text: 'Employees accrue vacation monthly. Full-time employees receive 25 days of paid vacation per year. Unused days expire in March.',
  },
  {
    source: 'benefits.docx',
    score: 0.02,
    text: 'The company pays for health insurance. Dental cover starts after the probation period of six months.',
  },
  { source: 'menu.html', score: 0.01, text: 'The canteen serves soup every Tuesday. Coffee is free on all floors.' },
];

describe('local extractive retrieval answer', () => {
  it('answers with the best sentence and cites its source', () => {
    const out = ragAnswer('How many vacation days do full-time employees get per year?', hits);
    expect(out.sentences[0]).toBe('Full-time employees receive 25 days of paid vacation per year.');
    expect(out.answer).toContain('25 days');
    expect(out.answer).toContain('Sources: [1] handbook.pdf p. 4');
    expect(out.sources[0]).toBe('handbook.pdf p. 4');
    expect(out.answer).not.toContain('canteen');
  });

  it('finds the answer in a lower-ranked hit when that is where the words are', () => {
    const out = ragAnswer('When does dental cover start?', hits);
    expect(out.sentences).toEqual(['Dental cover starts after the probation period of six months.']);
    expect(out.sources).toEqual(['benefits.docx']);
  });

  it('says nothing relevant was found instead of quoting unrelated text', () => {
    expect(ragAnswer('What is the boiling point of mercury?', hits).answer).toBe(NOTHING_RELEVANT);
    expect(ragAnswer('anything', []).answer).toBe(NOTHING_RELEVANT);
    expect(ragAnswer('the of and', hits).sources).toEqual([]);
  });

  it('quotes the closest passage, saying so, when a hit shares only a little of the question', () => {
    const out = ragAnswer('Which exotic fruits, juices and pastries does the canteen stock on Fridays?', hits);
    expect(out.answer.startsWith(CLOSEST_ONLY)).toBe(true);
    expect(out.sentences).toEqual(['The canteen serves soup every Tuesday.']);
    expect(out.sources).toEqual(['menu.html']);
  });

  it('answers from a hit too short to hold a sentence (a heading and one line), not "nothing relevant"', () => {
    const hits = [{ text: 'Parking\n\nLevel 2.', source: 'parking.md', score: 0.6 }];
    const answer = ragAnswer('Which level is parking on?', hits);
    expect(answer.answer).not.toBe(NOTHING_RELEVANT);
    expect(answer.sentences).toEqual(['Parking. Level 2.']);
    expect(answer.sources).toEqual(['parking.md']);
    // Still nothing when the short hit shares no word with the question.
    expect(ragAnswer('Who signs the invoices?', hits).answer).toBe(NOTHING_RELEVANT);
  });

  it('does not repeat near-identical sentences from overlapping chunks', () => {
    const dup = [hits[0]!, { ...hits[0]!, source: 'handbook.pdf p. 5' }];
    const out = ragAnswer('paid vacation days per year for full-time employees', dup);
    expect(out.sentences.filter((s) => s.includes('25 days'))).toHaveLength(1);
  });

  it('splits sentences without breaking decimals or abbreviations mid-number', () => {
    expect(splitSentences('The rate was 3.5 percent in 2020. It rose to 4.1 percent.\nNew line here is long.')).toEqual(
      ['The rate was 3.5 percent in 2020.', 'It rose to 4.1 percent.', 'New line here is long.'],
    );
  });
});

describe('local extractive retrieval answer: quotable hits', () => {
  // The question's words are spread over the hit's sentences: no one sentence covers enough of them.
  const spread = [
    {
      source: 'trial.txt',
      score: 0.04,
      text: 'Metformin was given to mice with established lung injury. After six weeks the scarring had receded. Fibrosis markers fell by half in treated animals.',
    },
  ];

  it('quotes a hit that covers the question as a whole, though no single sentence does', () => {
    const question = 'Does metformin reverse lung fibrosis scarring in mice after weeks of treatment?';
    const out = ragAnswer(question, spread);
    expect(out.answer).not.toBe(NOTHING_RELEVANT);
    expect(out.sources).toEqual(['trial.txt']);
    expect(out.sentences.length).toBeGreaterThan(0);
  });

  it('judges relevance by rag_query as well: the words that chose the hits', () => {
    const vague = 'How long must I wait?';
    expect(ragAnswer(vague, hits).answer).toBe(NOTHING_RELEVANT);
    const out = ragAnswer(vague, hits, 'dental cover probation period');
    expect(out.sentences).toEqual(['Dental cover starts after the probation period of six months.']);
  });
});
