import { describe, expect, it } from 'vitest';
import { createScriptStream, templateScriptStream, wholeScriptWriter } from './script-stream.ts';
import type { ScriptSentence, ScriptStream } from './types.ts';

async function read(stream: ScriptStream): Promise<ScriptSentence[]> {
  const out: ScriptSentence[] = [];
  for await (const sentence of stream.sentences) out.push(sentence);
  return out;
}

/** A source whose sentences the test hands out one at a time. */
function controlledSource(signal?: AbortSignal) {
  let emit!: (sentence: ScriptSentence) => void;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const stream = createScriptStream({
    signal,
    title: Promise.resolve('A title'),
    write: async (e) => {
      emit = e;
      await finished;
      return { title: 'A title', fallbackReason: null };
    },
  });
  return { stream, emit: (text: string, paragraph: number) => emit({ text, paragraph }), finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a script stream', () => {
  it('gives each sentence as it is emitted, to every reader from the first', async () => {
    const { stream, emit, finish } = controlledSource();
    const seen: string[] = [];
    const early = (async () => {
      for await (const s of stream.sentences) seen.push(s.text);
    })();
    emit('One.', 0);
    await tick();
    expect(seen).toEqual(['One.']);
    emit('Two.', 0);
    emit('Three.', 1);
    finish();
    await early;
    expect(seen).toEqual(['One.', 'Two.', 'Three.']);
    expect((await read(stream)).map((s) => s.text)).toEqual(['One.', 'Two.', 'Three.']);
    expect(await stream.result).toEqual({ script: 'One. Two.\nThree.', title: 'A title', fallbackReason: null });
  });

  it('ends every reader with the abort reason, even with sentences unread', async () => {
    const controller = new AbortController();
    const { stream, emit } = controlledSource(controller.signal);
    emit('One.', 0);
    const iterator = stream.sentences[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ text: 'One.', paragraph: 0 });
    const waiting = iterator.next();
    emit('Two.', 0);
    controller.abort(new Error('podcast deleted'));
    await expect(waiting).rejects.toThrow('podcast deleted');
    await expect(read(stream)).rejects.toThrow('podcast deleted');
    await expect(stream.result).rejects.toThrow('podcast deleted');
  });

  it('ends every reader with a writer failure', async () => {
    const stream = createScriptStream({
      title: Promise.resolve(''),
      write: async (emit) => {
        emit({ text: 'One.', paragraph: 0 });
        throw new Error('writer bug');
      },
    });
    await expect(read(stream)).rejects.toThrow('writer bug');
    await expect(stream.result).rejects.toThrow('writer bug');
  });

  it('gives the template at once, with no title written', async () => {
    const stream = templateScriptStream({ script: 'Welcome. Hi.\nThanks!', title: 'Page', fallbackReason: 'No AI' });
    expect(await read(stream)).toEqual([
      { text: 'Welcome.', paragraph: 0 },
      { text: 'Hi.', paragraph: 0 },
      { text: 'Thanks!', paragraph: 1 },
    ]);
    expect(await stream.title).toBe('');
    expect(await stream.result).toEqual({ script: 'Welcome. Hi.\nThanks!', title: 'Page', fallbackReason: 'No AI' });
  });

  it('streams the script of a writer that writes it whole, once written', async () => {
    const writer = wholeScriptWriter(async () => ({ script: 'Ay. Bee.\nSea.', title: 'T', fallbackReason: null }));
    const stream = writer.stream({ title: 'x', text: 'y' });
    expect((await read(stream)).map((s) => s.text)).toEqual(['Ay.', 'Bee.', 'Sea.']);
    expect(await stream.title).toBe('T');
    expect(await stream.result).toEqual({ script: 'Ay. Bee.\nSea.', title: 'T', fallbackReason: null });
  });
});
