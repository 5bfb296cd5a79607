/**
 * Prints the sample of one half of the evaluation set for judging by ear: each sentence as the
 * transcript keeps it (`<`, one line a cue) beside what the voice receives (`>`), with its verdict if
 * it has one, and `--ipa` what espeak-ng then says, in IPA (the voice of the sentence's language).
 *
 *   npx tsx scripts/speech-eval/show.ts tuning [language] [--unjudged] [--ipa] [--all]
 *
 * --unjudged prints only the sample's sentences with no verdict, or whose voice text changed since
 * their verdict; --all the whole half, not only the sample.
 */
import { hear, heardOf, heardText, kindOf, sampleOf, sentencesOf, verdictsOf, type Half } from './sample.ts';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const [half = 'tuning', language] = args.filter((a) => !a.startsWith('--')) as [Half?, string?];
const all = sentencesOf(half);
const verdicts = verdictsOf(half);
const heard = heardOf(half);
const ipa = flags.has('--ipa') ? (await import('./ipa.ts')).espeakIpa : undefined;

for (const s of flags.has('--all') ? all : sampleOf(all)) {
  if (language && s.language !== language) continue;
  const cues = await hear(s);
  const verdict = verdicts[s.id];
  const stale = verdict !== undefined && heard[s.id] !== undefined && heard[s.id] !== heardText(cues);
  if (flags.has('--unjudged') && verdict !== undefined && !stale) continue;
  console.log(`${s.id} [${s.language}, ${kindOf(s.text)}]${verdict ? ` ${stale ? 'STALE ' : ''}${verdict}` : ''}`);
  for (const cue of cues) {
    console.log(`  < ${cue.said}\n  > ${cue.voice}`);
    if (ipa) console.log(`  ~ ${await ipa(cue.voice, s.language)}`);
  }
  if (stale) console.log(`  judged on: ${heard[s.id]}`);
}
process.exit(0);
