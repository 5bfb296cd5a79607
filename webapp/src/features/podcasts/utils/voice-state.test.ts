import { describe, expect, it } from 'vitest';
import type { NaturalVoiceState } from '../../../../../shared/api/premium.ts';
import { naturalVoiceSentences } from './voice-state.ts';

const linda = { id: 'piper-en-us-ljspeech', name: 'Linda (American English, natural)', language: 'en' };
const thorsten = { id: 'piper-de-de-thorsten', name: 'Thorsten (German, natural)', language: 'de' };
const say = (...natural: NaturalVoiceState[]) => naturalVoiceSentences(natural);

describe('what the voice pickers say of the natural voices', () => {
  it('tells a download with its progress, and nothing once a voice is installed', () => {
    expect(say({ ...linda, state: 'downloading', received: 42, total: 100 }, { ...thorsten, state: 'not-installed' })).toEqual([
      'Downloading the natural voice Linda (American English, natural): 42% — it joins the list once installed.',
    ]);
    expect(say({ ...linda, state: 'installed' }, { ...thorsten, state: 'failed', reason: 'x', nextTry: new Date().toISOString() })).toEqual([]);
  });

  it('tells why the built-in voice speaks: a failed install with its reason and next try, the system, downloads off, or the first podcast', () => {
    const nextTry = new Date(2026, 10, 28, 14, 5).toISOString();
    const [failed] = say({ ...linda, state: 'failed', reason: 'Could not reach the voice server', nextTry }, { ...thorsten, state: 'not-installed' });
    expect(failed).toMatch(/^The natural voice Linda \(American English, natural\) could not be installed \(Could not reach the voice server\); it is tried again after [^,]*\d:05[^,]*, and until then podcasts are spoken by the built-in voice\. To download voices from a mirror, set VOICE_MODELS_URL/);
    expect(say({ ...linda, state: 'unavailable', reason: 'glibc 2.31' })).toEqual(["This server's system cannot run natural voices, so podcasts are spoken by the built-in voice."]);
    expect(say({ ...linda, state: 'off' }, { ...thorsten, state: 'off' })).toEqual([
      'No natural voice here: the built-in voice speaks.',
    ]);
    expect(say({ ...linda, state: 'not-installed' })).toEqual(['A natural voice downloads with the first podcast; until it is installed, podcasts are spoken by the built-in voice.']);
  });

  it('says nothing for a server whose voices come from a speech API', () => {
    expect(say()).toEqual([]);
  });
});
