import { describe, expect, it } from 'vitest';
import { askedLength } from './estimate.ts';

describe('the length a request asks for', () => {
  it.each([
    ['podcast mode carries its minutes', { mode: 'podcast', minutes: 10 }, { mode: 'podcast', minutes: 10 }],
    ['conversation too', { mode: 'conversation', minutes: 12 }, { mode: 'conversation', minutes: 12 }],
    ['brief takes no minutes', { mode: 'brief', minutes: 12 }, { mode: 'brief' }],
    ['read mode neither', { mode: 'read', minutes: 12 }, { mode: 'read' }],
    ['no mode: the server chooses', { minutes: 12 }, {}],
  ] as const)('%s', (_, options, asked) => {
    expect(askedLength(options)).toEqual(asked);
  });
});
