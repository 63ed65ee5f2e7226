// requestText leaves out the sentences around a request that name nothing (greetings, thanks, "Can you
// help?"), and thanks after a comma at the very end; it keeps everything else as written. Examples are
// our own.
import { describe, expect, it } from 'vitest';
import { requestText } from '../src/phatic';

describe('requestText', () => {
  it.each([
    ['Hi there! What are the tide times at Port Elm?', 'What are the tide times at Port Elm?'],
    ['Quick question. Heat the kitchen to 21 degrees', 'Heat the kitchen to 21 degrees'],
    ['Can you help me? Restart web-01.prod.example.com', 'Restart web-01.prod.example.com'],
    ['Resize img-7 to 640 by 480. Thanks in advance!', 'Resize img-7 to 640 by 480.'],
    ['Good morning. Book a table for 4. Cheers', 'Book a table for 4.'],
    ['Text Ana that I am running late, thanks', 'Text Ana that I am running late'],
    ['Open a ticket about the login page - thank you so much!', 'Open a ticket about the login page'],
    ['Hi, how many harbours are there?', 'how many harbours are there?'],
    ['  Resize img-7 to 640 by 480.  ', 'Resize img-7 to 640 by 480.'],
    ['I want to know: how deep is Kells Bay?', 'how deep is Kells Bay?'],
    ['Weather in  Port  Elm for 3 days', 'Weather in Port Elm for 3 days'],
    ['Hello there - list the ferries, please', 'list the ferries'],
  ])('%s → %s', (text, request) => {
    expect(requestText(text)).toBe(request);
  });

  it.each([
    'Send Ana a message saying thank you',
    "Can you help me book a table at Luigi's for 4?",
    'Thanks!',
    'What is 3.5 kg in pounds? And 2.2 kg?',
    'Ask Dr. Hale for the results.',
    'Hi-fi speakers under 200 pounds',
    'Note: the gate code is 4471',
  ])('keeps %s as written', (text) => {
    expect(requestText(text)).toBe(text);
  });
});
