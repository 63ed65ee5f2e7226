import { describe, expect, it } from 'vitest';
import { thingsAsked } from '../src/sql-asked';
import { questionWords } from '../src/sql-linking';

const asked = (question: string) => thingsAsked(question, questionWords(question));

describe('things a question asks to see', () => {
  it('counts the things listed after the asking word, up to the words that say which rows', () => {
    expect(asked('What is the name of the ferry built in 1998?')).toBe(1);
    expect(asked('What are the name and the home port of each ferry?')).toBe(2);
    expect(asked('Show the name, home port and crew of ferries built after 2000.')).toBe(3);
    // ", and" joins one more thing, not two.
    expect(asked('List the name, the tonnage, and the crew of every ferry.')).toBe(3);
    expect(asked('Give the first and last name of skippers who sailed to Oban.')).toBe(2);
  });

  it('adds what a second asking word after "and" asks for', () => {
    expect(asked('What are the names of the harbours, and how many ferries are based in each?')).toBe(2);
  });

  it('counts each "and the … of" after the rows named: a thing of another table', () => {
    expect(asked('What are the names of ferries and the countries of their ports?')).toBe(2);
    expect(asked('List the names of ferries and ports.')).toBe(1);
    // A last "and the Y" counts when Y names a column (the caller says which words do).
    const question = 'Give the number of crossings and the ferry name.';
    const words = questionWords(question);
    const ferryName = words.findIndex((w) => w.lower === 'ferry');
    expect(thingsAsked(question, words, (at) => at === ferryName || at === ferryName + 1)).toBe(2);
    expect(thingsAsked(question, words)).toBe(1);
  });

  it('reads an asking word after an opening phrase', () => {
    expect(asked('In 2015, what were the name and crew of the largest ferry?')).toBe(2);
  });

  it('counts a restating sentence once: the longest sentence is what is asked', () => {
    expect(asked('Who skippers the ferry Aurora? Give the first name and last name.')).toBe(2);
    expect(asked('Which harbour is the ferry Tern based in? Give its name.')).toBe(1);
  });

  it('says nothing (0) when no asking word opens a list', () => {
    expect(asked('ferries built after 2000')).toBe(0);
  });
});
