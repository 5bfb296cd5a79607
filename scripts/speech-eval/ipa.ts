/**
 * What espeak-ng says for a voice text, in IPA, for judging what a voice makes of what the front end
 * leaves to it (numbers left as digits in German, symbols in a language with no rules).
 */
import { espeakLanguageVoice, voiceLanguage } from '../../server/machinery/speech/language-voices.ts';

interface Synth {
  set_voice(name: string): number;
  synthesize_ipa(text: string): { code: number; ipa: string };
}

let synth: Synth | undefined;

export async function espeakIpa(text: string, language: string): Promise<string> {
  if (!synth) {
    // the package has no types: its one export makes the wasm module
    const module = '@echogarden/espeak-ng-emscripten';
    const { default: createEspeak } = (await import(module)) as { default: () => Promise<{ eSpeakNGWorker: new () => Synth }> };
    synth = new (await createEspeak()).eSpeakNGWorker();
  }
  const { language: spoken } = voiceLanguage('espeak', language);
  synth.set_voice(spoken === 'en' ? 'en-us' : espeakLanguageVoice(spoken)!.espeak);
  return synth.synthesize_ipa(text).ipa.replace(/_/g, '').replace(/\s*\n\s*/g, ' / ').trim();
}

// npx tsx scripts/speech-eval/ipa.ts LANGUAGE TEXT: what espeak says for one voice text.
if (process.argv[1] === import.meta.filename) {
  const [language = 'en', ...words] = process.argv.slice(2);
  console.log(await espeakIpa(words.join(' '), language));
}
