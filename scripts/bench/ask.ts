/**
 * Asking while listening: the time from `POST /api/podcasts/:id/questions` to the answer's first
 * audio (the answer read, then the first bytes of its MP3 by its signed address, as a player asks),
 * on a 5,000-word article, with no AI (the extractive answer, the embedded voice), on a real server
 * process. Measured twice: while the episode is still being made (the voice and an encoder busy with
 * it, as when a listener asks minutes into a new podcast), and once it is complete.
 *
 *   npm run bench -- ask
 */
import { questionAnswerSchema } from '../../shared/api/questions.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, median, seconds, table, verdict } from './support/report.ts';
import { BenchClient, startServer, timeToFirstAudio, warmUp } from './support/server.ts';

const WORDS = 5_000;
const TARGET_MS = 10_000;
/** Questions of the kinds a listener asks of the generated articles, and one they do not answer. */
const QUESTIONS = [
  'How often will the council publish a progress report?',
  'How much has traffic risen since the works began?',
  'Who said that patience is the oldest tradition of the town?',
  'What will happen to the removed timber?',
  'When does the first section reopen?',
  'Who won the football cup in 1966?',
];

interface Asked {
  answerMs: number;
  firstAudioMs: number;
  said: boolean;
}

async function ask(client: BenchClient, id: string, question: string, at: number): Promise<Asked> {
  const started = performance.now();
  const res = await fetch(`${client.server.base}/api/podcasts/${id}/questions`, {
    method: 'POST',
    headers: { ...client.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question, at }),
  });
  if (res.status !== 201) throw new Error(`asking answered ${res.status}: ${await res.text()}`);
  const answer = questionAnswerSchema.parse(await res.json());
  const answerMs = performance.now() - started;
  const audio = await fetch(new URL(answer.audioUrl!, client.server.base));
  if (audio.status !== 200 || !audio.body) throw new Error(`the answer's audio answered ${audio.status}`);
  const reader = audio.body.getReader();
  const first = await reader.read();
  const firstAudioMs = performance.now() - started;
  if (first.done || first.value.length === 0) throw new Error('the answer\'s audio was empty');
  await reader.cancel();
  return { answerMs, firstAudioMs, said: answer.sources.length > 0 };
}

export default async function askBench(): Promise<void> {
  console.log(`\n${machineNote()}`);
  const server = await startServer({ QUESTIONS_PER_HOUR: '1000' });
  try {
    const client = new BenchClient(server);
    await warmUp(client);
    const made = await timeToFirstAudio(client, articleBody(WORDS, 1));
    const rows: string[][] = [];
    let met = true;
    for (const phase of ['while it is made', 'once complete'] as const) {
      if (phase === 'once complete') await client.waitFor(made.id, (p) => p.status === 'ready', { pollMs: 500, timeoutMs: 900_000 });
      const runs: Asked[] = [];
      for (const [i, question] of QUESTIONS.entries()) runs.push(await ask(client, made.id, question, 5 + i * 20));
      const times = runs.map((r) => r.firstAudioMs);
      const worst = Math.max(...times);
      met &&= worst <= TARGET_MS;
      rows.push([
        phase,
        seconds(median(runs.map((r) => r.answerMs))),
        seconds(median(times)),
        seconds(worst),
        times.map(seconds).join(' '),
        `${runs.filter((r) => r.said).length} of ${runs.length}`,
        verdict(worst <= TARGET_MS),
      ]);
    }
    console.log(`\n${WORDS.toLocaleString('en-US')}-word article, no AI (extractive answer, embedded voice), ${QUESTIONS.length} questions a phase:`);
    for (const line of table(['episode', 'answer (s, median)', 'first audio median (s)', 'worst (s)', 'runs (s)', 'answered from the article', '≤ 10 s'], rows)) {
      console.log(line);
    }
    console.log(`target: the answer's first audio ≤ ${seconds(TARGET_MS)} s after asking, every question — ${verdict(met)}`);
    await client.remove(made.id);
  } finally {
    await server.stop();
  }
}
