import { describe, expect, it } from 'vitest';
import type { NaturalVoiceState } from '../../shared/api/premium.ts';
import { listVoices } from './list-voices.ts';

const pipeline = { wordsPerMinute: async () => undefined };
const engine = (name: 'espeak' | 'openai', natural?: NaturalVoiceState[]) => ({
  name,
  defaultVoice: 'en-us',
  voices: async () => [{ id: 'en-us', name: 'English (US)', premium: false }],
  ...(natural ? { naturalStates: () => natural } : {}),
});
const voice = { id: 'piper-en-us-ljspeech', name: 'Linda', language: 'en' };

describe('listing the voices', () => {
  it('says the server speaks in a natural voice only when one is installed, or when a speech API speaks', async () => {
    const downloading: NaturalVoiceState = { ...voice, state: 'downloading', received: 5, total: 10 };
    expect(await listVoices({ speech: engine('espeak', [downloading]), pipeline })).toMatchObject({ naturalVoice: false, natural: [downloading] });
    expect(await listVoices({ speech: engine('espeak', [{ ...voice, state: 'installed' }]), pipeline })).toMatchObject({ naturalVoice: true });
    expect(await listVoices({ speech: engine('espeak'), pipeline })).toMatchObject({ naturalVoice: false, natural: [] });
    expect(await listVoices({ speech: engine('openai'), pipeline })).toMatchObject({ naturalVoice: true, natural: [] });
  });
});
