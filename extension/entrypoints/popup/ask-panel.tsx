/**
 * "Ask" in the popup's player: it pauses the episode and takes a typed question; the answer plays
 * here in the episode's voice and shows with the passages it came from, each a link that moves the
 * episode to where it is read; "Resume" plays the episode on from the second it paused at.
 */
import { useEffect, useRef, useState } from 'react';
import { MessageCircleQuestion, Play } from 'lucide-react';
import { QUESTION_CHARS } from '../../../shared/api/questions.ts';
import { formatTime } from '../../../shared/format-time.ts';
import type { AskedAnswer } from '../../messaging.ts';
import type { ExtensionError } from '../../result.ts';
import { sendMessage, settle } from './hooks.ts';
import { Button, ErrorNote } from './ui.tsx';

/** `position`: the popup's clock; `paused`/`reported`: the player's state and the position it last reported. */
export function AskPanel({ position, paused, reported }: { position: number; paused: boolean; reported: number }) {
  const [pausedAt, setPausedAt] = useState<number | null>(null);
  // The player's own report of where it paused is truer than the popup's clock: taken once, before any source moves it.
  const settled = useRef(true);
  useEffect(() => {
    if (settled.current || pausedAt === null || !paused) return;
    settled.current = true;
    setPausedAt(reported);
  }, [paused, reported, pausedAt]);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<AskedAnswer | null>(null);
  const [error, setError] = useState<ExtensionError | null>(null);

  const open = () => {
    settled.current = paused;
    setPausedAt(position);
    setAnswer(null);
    setError(null);
    void settle(sendMessage('controlPlayback', { action: 'pause' }));
  };
  const resume = async () => {
    const at = pausedAt ?? position;
    setPausedAt(null);
    setAnswer(null);
    setQuestion('');
    await settle(sendMessage('controlPlayback', { action: 'seek', position: at }));
    await settle(sendMessage('controlPlayback', { action: 'resume' }));
  };
  const ask = async () => {
    if (!question.trim() || pausedAt === null) return;
    setAsking(true);
    setError(null);
    const result = await settle(sendMessage('askQuestion', { question: question.trim(), at: pausedAt }));
    setAsking(false);
    if (result.ok) setAnswer(result.value);
    else setError(result.error);
  };

  if (pausedAt === null) {
    return (
      <Button variant="secondary" className="ask-open" icon={<MessageCircleQuestion size={16} aria-hidden />} onClick={open}>
        Ask
      </Button>
    );
  }
  return (
    <section className="ask" aria-label="Ask about this episode">
      <form
        className="ask-form"
        onSubmit={(event) => {
          event.preventDefault();
          void ask();
        }}
      >
        <label className="ask-label field">
          Your question (paused at {formatTime(pausedAt)})
          <input
            autoFocus
                        value={question}
            maxLength={QUESTION_CHARS.max}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder="What did the article say about…"
          />
        </label>
        <Button type="submit" loading={asking} disabled={!question.trim()}>
          Ask
        </Button>
      </form>
      {error ? <ErrorNote error={error} /> : null}
      {answer ? (
        <div className="ask-answer" aria-live="polite">
          <p className="ask-text">{answer.answer}</p>
          {answer.audioSrc ? <audio key={answer.id} src={answer.audioSrc} autoPlay controls aria-label="The answer, spoken" /> : null}
          {answer.sources.length > 0 ? (
            <ul className="ask-sources" aria-label="From the article">
              {answer.sources.map((source) => (
                <li key={`${source.paragraph}-${source.text.slice(0, 20)}`}>
                  {source.at === null ? (
                    <span>“{source.text}”</span>
                  ) : (
                    <a
                      href={`#paragraph-${source.paragraph + 1}`}
                      onClick={(event) => {
                        event.preventDefault();
                        void settle(sendMessage('controlPlayback', { action: 'seek', position: source.at! + 0.01 }));
                      }}
                    >
                      “{source.text}” (at {formatTime(source.at)})
                    </a>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Button variant="primary" icon={<Play size={16} aria-hidden />} onClick={() => void resume()}>
        Resume from {formatTime(pausedAt)}
      </Button>
    </section>
  );
}
