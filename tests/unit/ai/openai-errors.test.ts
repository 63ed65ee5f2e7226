import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../../lib/ai/openai-errors';

describe('scrubSecrets', () => {
  it.each([
    ['the exact key, whatever its shape', 'bad key my-own:secret!', 'my-own:secret!'],
    ['OpenAI keys', 'Incorrect API key provided: sk-proj-abcdefgh1234', 'abcdefgh1234'],
    ["OpenAI's masked keys", 'Incorrect API key provided: sk-proj-****************Zq9X.', 'Zq9X'],
    ['other masked keys', 'key gsk_ab******yz9W rejected', 'yz9W'],
    ['long opaque tokens', 'token AIzaSyD4nq2vX0lK9mPz7QwErTy1 rejected', 'AIzaSyD4nq2vX0lK9mPz7QwErTy1'],
    ['bearer values', 'header Authorization: Bearer abc.def', 'abc.def'],
  ])('removes %s', (_case, text, secret) => {
    const scrubbed = scrubSecrets(text, 'my-own:secret!');

    expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('[redacted]');
  });

  it('keeps ordinary words, model names included', () => {
    const text = 'This model gpt-4o-mini does not support the parameter response_format.';

    expect(scrubSecrets(text, 'sk-x')).toBe(text);
  });

  it('bounds the length of what it passes on', () => {
    expect(scrubSecrets('word '.repeat(200), 'sk-x').length).toBeLessThanOrEqual(301);
  });
});
