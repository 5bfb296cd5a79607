import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakEngine, ESPEAK_VOICES } from './espeak-engine.ts';
import { ESPEAK_LANGUAGE_VOICES, espeakLanguageVoice, hostVoices, voiceLanguage } from './language-voices.ts';

const englishIds = ESPEAK_VOICES.map((v) => v.id);

describe('hostVoices with the embedded voice', () => {
  it.each([
    ['de', null, { host: 'de', guest: 'de-female' }],
    ['fr', undefined, { host: 'fr', guest: 'fr-female' }],
    ['ar', 'en-us', { host: 'ar', guest: 'ar-female' }],
    // the article's language wins over a voice chosen in another; its gender is kept
    ['de', 'en-gb-female', { host: 'de-female', guest: 'de' }],
    ['de-AT', 'de-female', { host: 'de-female', guest: 'de' }],
    ['zh', null, { host: 'zh', guest: 'zh-female' }],
    ['en', null, { host: 'en-us', guest: 'en-us-female' }],
    ['en', 'en-gb', { host: 'en-gb', guest: 'en-gb-female' }],
    ['en', 'en-us-female', { host: 'en-us-female', guest: 'en-us' }],
    ['en', 'en-gb-scotland', { host: 'en-gb-scotland', guest: 'en-us-female' }],
    ['en', 'fr-female', { host: 'en-us-female', guest: 'en-us' }],
  ])('%s with %j chosen', (language, chosen, voices) => {
    expect(hostVoices('espeak', language, chosen)).toEqual(voices);
  });

  const natural = [
    { id: 'piper-en-us-ljspeech', language: 'en', gender: 'female' as const },
    { id: 'kokoro-en-am-adam', language: 'en', gender: 'male' as const },
    { id: 'piper-de-de-thorsten', language: 'de', gender: 'male' as const },
  ];
  it.each([
    // no choice: a natural voice of the language, the other gender's natural voice as guest
    ['en', null, { host: 'piper-en-us-ljspeech', guest: 'kokoro-en-am-adam' }],
    // a chosen natural voice stays host; a chosen voice of another language keeps its gender
    ['en', 'kokoro-en-am-adam', { host: 'kokoro-en-am-adam', guest: 'piper-en-us-ljspeech' }],
    ['en', 'de-female', { host: 'piper-en-us-ljspeech', guest: 'kokoro-en-am-adam' }],
    // one natural voice: espeak's voice of the other gender is the guest
    ['de', null, { host: 'piper-de-de-thorsten', guest: 'de-female' }],
    ['de-AT', 'piper-en-us-ljspeech', { host: 'piper-de-de-thorsten', guest: 'de-female' }],
    // an espeak voice of the article's language, chosen, is kept
    ['de', 'de-female', { host: 'de-female', guest: 'de' }],
    ['en', 'en-gb-scotland', { host: 'en-gb-scotland', guest: 'en-us-female' }],
    // no natural voice of the language: espeak, with the chosen natural voice's gender
    ['fr', 'piper-en-us-ljspeech', { host: 'fr-female', guest: 'fr' }],
  ])('with natural voices installed, %s with %j chosen', (language, chosen, voices) => {
    expect(hostVoices('espeak', language, chosen, 'en-us', natural)).toEqual(voices);
  });

  it('gives two distinct voices the engine knows for every language it speaks', () => {
    for (const { language } of ESPEAK_LANGUAGE_VOICES) {
      const { host, guest } = hostVoices('espeak', language, null);
      expect(host).not.toBe(guest);
      for (const id of [host, guest]) expect(englishIds.includes(id) || espeakLanguageVoice(id)?.language === language).toBe(true);
    }
  });

  it('reads a language without a voice with the closest one, and says it is not exact', () => {
    expect(voiceLanguage('espeak', 'jv')).toEqual({ language: 'id', exact: false });
    expect(hostVoices('espeak', 'jv')).toEqual({ host: 'id', guest: 'id-female' });
    expect(voiceLanguage('espeak', 'xx')).toEqual({ language: 'en', exact: false });
    expect(hostVoices('espeak', 'xx')).toEqual({ host: 'en-us', guest: 'en-us-female' });
    expect(voiceLanguage('espeak', 'de')).toEqual({ language: 'de', exact: true });
  });
});

describe('hostVoices with an OpenAI-compatible voice', () => {
  it('keeps the chosen voice whatever the language, with a different guest', () => {
    expect(hostVoices('openai', 'de', 'shimmer')).toEqual({ host: 'shimmer', guest: 'nova' });
    expect(hostVoices('openai', 'ar', null, 'af_bella')).toEqual({ host: 'af_bella', guest: 'nova' });
    expect(hostVoices('openai', 'fr', 'nova')).toEqual({ host: 'nova', guest: 'onyx' });
    expect(hostVoices('openai', 'xx')).toEqual({ host: 'alloy', guest: 'nova' });
    expect(voiceLanguage('openai', 'yo')).toEqual({ language: 'yo', exact: true });
  });
});

describe('the bundled espeak-ng voice data', () => {
  const espeak = createEspeakEngine();
  afterAll(() => espeak.close());

  it('speaks with every language hostVoices may pick (and with the female variant)', async () => {
    const silent: string[] = [];
    const voices = [...ESPEAK_LANGUAGE_VOICES.filter((v) => !v.female).map((v) => v.id), 'de-female', 'ar-female'];
    for (const id of voices) {
      let samples = 0;
      for await (const pcm of espeak.synthesize('1 2 3', { voice: id })) samples += pcm.length;
      if (samples === 0) silent.push(id);
    }
    expect(silent).toEqual([]);
  });
});
