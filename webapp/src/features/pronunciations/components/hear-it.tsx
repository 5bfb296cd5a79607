/**
 * "Hear it": a sentence read as an episode of the member's would read it. It shows what the voice is
 * given (`POST /api/speech-text`) and plays it from the server's engine in the member's voice, with
 * their saved list.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Volume2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useHearIt } from '../api/hear-it.ts';
import { LANGUAGES } from '../utils/languages.ts';

export function HearIt({ example, unsaved }: { example: string; unsaved: boolean }) {
  const [text, setText] = useState('');
  const [lang, setLang] = useState('en');
  const hear = useHearIt();
  const textId = useId();
  const langId = useId();
  const audioUrl = hear.data?.audioUrl;
  // The sentence starts as the member's own words, once their list is known.
  useEffect(() => {
    if (example) setText((now) => now || example);
  }, [example]);
  useEffect(() => (audioUrl ? () => URL.revokeObjectURL(audioUrl) : undefined), [audioUrl]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) hear.mutate({ text, lang });
  };

  return (
    <form onSubmit={submit} className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={textId} className="min-w-0 flex-1 basis-48 text-sm font-medium text-slate-800">
          Try a sentence
          <input
            id={textId}
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            placeholder="A sentence with your words"
            className="mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
          />
        </label>
        <label htmlFor={langId} className="text-sm font-medium text-slate-800">
          Read as
          <select id={langId} value={lang} onChange={(e) => setLang(e.target.value)} className="mt-1 block h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm">
            {LANGUAGES.filter(([code]) => code).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline" loading={hear.isPending} disabled={!text.trim()} icon={<Volume2 aria-hidden size={16} />} className="h-10">
          Hear it
        </Button>
      </div>
      {unsaved && <p className="mt-2 text-xs text-slate-500">Hear it uses your saved list: save to hear your changes.</p>}
      {hear.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(hear.error)}
        </p>
      )}
      {hear.data && (
        <div className="mt-3">
          <p className="text-sm text-slate-700">
            The voice reads: <q data-testid="voice-text">{hear.data.text}</q>
          </p>
          <audio key={audioUrl} src={audioUrl} controls autoPlay aria-label="Preview" className="mt-2 w-full" />
        </div>
      )}
    </form>
  );
}
