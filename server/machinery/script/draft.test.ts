import { describe, expect, it } from 'vitest';
import { cleanDraft } from './draft.ts';

describe('a model’s answer made into a script', () => {
  it('keeps the script only: no preamble, heading, label, list mark, emphasis, stage direction, rule or offer', () => {
    const answer = [
      'Certainly! Here is the podcast script you asked for:',
      '',
      '# The River',
      '**Part 1: Where it starts**',
      'Host: The river rises in a bowl of granite.',
      '1. It is small enough to step across.',
      '- Below the gorge it *widens* and `slows`.',
      'Read more in [the survey](https://example.com/survey).',
      '(Pause)',
      '---',
      'I hope this helps! Let me know if you want it shorter.',
    ].join('\n');
    expect(cleanDraft(answer, { frame: false })).toEqual({
      text: [
        'The river rises in a bowl of granite.',
        'It is small enough to step across.',
        'Below the gorge it widens and slows.',
        'Read more in the survey.',
      ].join('\n'),
      refused: false,
    });
  });

  it('leaves the welcome and thanks to the frame, and keeps what else their lines say', () => {
    const answer = 'Welcome back to the show! Today the river is our subject.\nIt floods each winter. Thanks for listening, and see you next time!';
    expect(cleanDraft(answer, { frame: true }).text).toBe('Today the river is our subject.\nIt floods each winter.');
    // Without a frame (a language it is not written in) the model's own stay.
    expect(cleanDraft(answer, { frame: false }).text).toBe(answer);
    // A sentence about welcoming that does not greet the listener stays.
    expect(cleanDraft('The town gave the otters a warm welcome.', { frame: true }).text).toBe('The town gave the otters a warm welcome.');
  });

  it('keeps a conversation’s speaker names, greeting or not', () => {
    const answer = 'Alex: Hello and welcome! So, the river floods?\nSam: Every winter, yes.\nAlex: Thanks for listening!';
    expect(cleanDraft(answer, { frame: true, hosts: ['Alex', 'Sam'] }).text).toBe('Alex: So, the river floods?\nSam: Every winter, yes.');
  });

  it('tells a refusal apart from a script that happens to apologise', () => {
    expect(cleanDraft("I'm sorry, but I can't help with rewriting this article.", { frame: true }).refused).toBe(true);
    expect(cleanDraft('As an AI language model, I cannot reproduce this text.', { frame: true }).refused).toBe(true);
    const script = 'The mayor said she was sorry for the delay. The bridge opens in spring.';
    expect(cleanDraft(script, { frame: true })).toEqual({ text: script, refused: false });
    const exclaims = "I can't believe how fast the river rose that winter. The town had a day to prepare.";
    expect(cleanDraft(exclaims, { frame: true })).toEqual({ text: exclaims, refused: false });
    expect(cleanDraft("I'm sorry to say the old bridge is gone. A new one opens in spring.", { frame: true }).refused).toBe(false);
  });
});
