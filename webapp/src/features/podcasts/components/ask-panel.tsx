/**
 * "Ask" beside the player (the podcast's owner): it pauses the episode and takes a typed question;
 * the answer is played in the episode's voice and shown with the passages it came from, each a link
 * that takes the read-along there; "Resume" plays the episode on from the second it paused at.
 */
import { useRef, useState, type RefObject } from 'react';
import { MessageCircleQuestion, Play } from 'lucide-react';
import { QUESTION_CHARS } from '../../../../../shared/api/questions.ts';
import type { Cue } from '../../../../../shared/api/transcript.ts';
import { formatTime } from '../../../../../shared/format-time.ts';
import { sourceStartSeconds } from '../../../../../shared/podcast/answer-sources.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useAskQuestion } from '../api/ask-question.ts';
import type { AudioPlayerHandle } from './audio-player.tsx';

interface AskPanelProps {
  podcastId: string;
  player: RefObject<AudioPlayerHandle | null>;
  /** The episode's timed sentences, to place each source in it. */
  cues: readonly Cue[];
  /** A source's link: show the read-along there (the episode moves to `seconds`, paused). */
  onShowSource: (seconds: number) => void;
}

export function AskPanel({ podcastId, player, cues, onShowSource }: AskPanelProps) {
  const [pausedAt, setPausedAt] = useState<number | null>(null);
  const [question, setQuestion] = useState('');
  const ask = useAskQuestion(podcastId);
  const answerAudio = useRef<HTMLAudioElement>(null);

  const open = () => {
    const at = player.current?.currentTime() ?? 0;
    player.current?.pause();
    setPausedAt(at);
    ask.reset();
  };
  const resume = () => {
    answerAudio.current?.pause();
    if (pausedAt !== null) player.current?.seek(pausedAt);
    player.current?.play();
    setPausedAt(null);
    setQuestion('');
    ask.reset();
  };

  if (pausedAt === null) {
    return (
      <Button variant="outline" size="sm" icon={<MessageCircleQuestion aria-hidden size={16} />} className="self-start" onClick={open}>
        Ask
      </Button>
    );
  }
  const answer = ask.data;
  return (
    <section aria-label="Ask about this episode" className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim()) ask.mutate({ question: question.trim(), at: Math.round(pausedAt * 10) / 10 });
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          Your question (paused at {formatTime(pausedAt)})
          <input
            autoFocus
            value={question}
            maxLength={QUESTION_CHARS.max}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder="What did the article say about…"
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal text-slate-900"
          />
        </label>
        <Button type="submit" size="md" loading={ask.isPending} disabled={!question.trim()}>
          Ask
        </Button>
      </form>
      {ask.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(ask.error)}
        </p>
      )}
      {answer && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-base leading-relaxed text-slate-900">{answer.answer}</p>
          {answer.audioUrl && (
            <audio
              ref={answerAudio}
              key={answer.id}
              src={answer.audioUrl}
              autoPlay
              controls
              aria-label="The answer, spoken"
              className="w-full"
            />
          )}
          {answer.sources.length > 0 && (
            <ul aria-label="From the article" className="flex flex-col gap-1 text-sm text-slate-700">
              {answer.sources.map((source) => {
                const at = sourceStartSeconds(cues, source);
                return (
                  <li key={`${source.paragraph}-${source.text.slice(0, 20)}`}>
                    {at === null ? (
                      <span>“{source.text}”</span>
                    ) : (
                      <a
                        href={`#paragraph-${source.paragraph + 1}`}
                        className="text-brand-700 underline hover:text-brand-600"
                        onClick={(event) => {
                          event.preventDefault();
                          onShowSource(at);
                        }}
                      >
                        “{source.text}” (at {formatTime(at)})
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      <Button variant="primary" size="sm" icon={<Play aria-hidden size={16} />} className="self-start" onClick={resume}>
        Resume from {formatTime(pausedAt)}
      </Button>
    </section>
  );
}
