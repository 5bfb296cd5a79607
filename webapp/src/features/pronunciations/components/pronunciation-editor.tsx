/**
 * The member's own pronunciations on /profile: rows of written form, spoken form and language, added,
 * edited and removed, then saved whole. A row's problems show beside it (checked with the server's
 * schema before sending, or named by the server's refusal); nothing typed is lost when a save is
 * refused. "Hear it" below plays a sentence as the voice will read it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Plus, Speech, Trash2 } from 'lucide-react';
import { PRONUNCIATION_LIMITS } from '../../../../../shared/api/pronunciations.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FeaturePanel } from '../../../components/ui/feature-panel.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { usePronunciations } from '../api/get-pronunciations.ts';
import { useSavePronunciations } from '../api/save-pronunciations.ts';
import { languageChoices } from '../utils/languages.ts';
import { changed, entriesOf, newRow, problemsOf, rowOfRefusal, type Row } from '../utils/rows.ts';
import { HearIt } from './hear-it.tsx';

// Written and spoken side by side, each on its own line where the panel is narrow (a phone).
const inputClass = 'block h-10 min-w-0 flex-1 basis-40 rounded-lg border bg-white px-3 text-sm';
const FIELD_LABELS = { written: 'Written form', spoken: 'Spoken form' };
const FIELD_PLACEHOLDERS = { written: 'Written (Nginx)', spoken: 'Spoken (engine X)' };

export function PronunciationEditor({ className = '' }: { className?: string }) {
  const list = usePronunciations();
  const save = useSavePronunciations();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [rowProblems, setRowProblems] = useState<Map<number, string[]>>(new Map());
  const [listProblems, setListProblems] = useState<string[]>([]);
  // The saved list fills the rows once it arrives; later answers never overwrite what is being typed.
  useEffect(() => {
    if (list.data && rows === null) setRows(list.data.map((entry) => newRow(entry)));
  }, [list.data, rows]);

  const saved = list.data ?? [];
  const editing = rows ?? [];
  const unsaved = rows !== null && changed(editing, saved);
  const example = saved.slice(0, 3).map((e) => e.written).join(', ');

  const update = (key: number, change: Partial<Row>) => {
    setRows((now) => (now ?? []).map((r) => (r.key === key ? { ...r, ...change } : r)));
    setRowProblems((now) => {
      if (!now.has(key)) return now;
      const next = new Map(now);
      next.delete(key);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(editing);
    setRowProblems(problems.byRow);
    setListProblems(problems.list);
    if (problems.byRow.size || problems.list.length) return;
    save.mutate(entriesOf(editing), {
      onSuccess: (entries) => {
        setRows(entries.map((entry) => newRow(entry)));
        toast.success(entries.length === 1 ? 'Your pronunciation is saved.' : `Your ${entries.length} pronunciations are saved.`);
      },
      onError: (err) => {
        const message = errorMessage(err);
        const row = rowOfRefusal(editing, message);
        if (row) setRowProblems(new Map([[row.key, [message]]]));
        else setListProblems([message]);
      },
    });
  };

  return (
    <FeaturePanel
      id="pronunciations-title"
      icon={<Speech aria-hidden size={20} />}
      title="Pronunciations"
      locked={false}
      className={className}
      description="Names, brands and jargon the voice says wrong: write a word as it appears in articles and how it should sound. Every episode made for you from now on is read with them; transcripts keep the words as written."
    >
      {list.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(list.error)}
        </p>
      ) : rows === null ? (
        <p className="mt-4 text-sm text-slate-500">Loading your pronunciations…</p>
      ) : (
        <form onSubmit={submit} className="mt-4" aria-label="Your pronunciations" noValidate>
          {editing.length === 0 && <p className="text-sm text-slate-500">No pronunciations yet.</p>}
          <ol className="space-y-3">
            {editing.map((row, i) => {
              const problems = rowProblems.get(row.key) ?? [];
              const errorId = `pronunciation-${row.key}-error`;
              const invalid = problems.length > 0;
              const border = invalid ? 'border-red-400' : 'border-slate-300';
              return (
                <li key={row.key} data-testid="pronunciation-row">
                  <div className="flex flex-wrap items-center gap-2">
                    {(['written', 'spoken'] as const).map((field) => (
                      <input
                        key={field}
                        aria-label={`${FIELD_LABELS[field]} ${i + 1}`}
                        placeholder={FIELD_PLACEHOLDERS[field]}
                        value={row[field]}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? errorId : undefined}
                        onChange={(e) => update(row.key, { [field]: e.target.value })}
                        className={`${inputClass} ${border}`}
                      />
                    ))}
                    <select
                      aria-label={`Language ${i + 1}`}
                      value={row.lang}
                      onChange={(e) => update(row.key, { lang: e.target.value })}
                      className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                    >
                      {languageChoices(row.lang).map(([code, name]) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                    </select>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${row.written.trim() || `entry ${i + 1}`}`}
                      onClick={() => setRows((now) => (now ?? []).filter((r) => r.key !== row.key))}
                      icon={<Trash2 aria-hidden size={16} />}
                    />
                  </div>
                  {invalid && (
                    <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                      {problems.join(' ')}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {listProblems.length > 0 && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {listProblems.join(' ')}
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={editing.length >= PRONUNCIATION_LIMITS.entries}
              onClick={() => setRows((now) => [...(now ?? []), newRow()])}
              icon={<Plus aria-hidden size={16} />}
            >
              Add an entry
            </Button>
            <Button type="submit" size="sm" loading={save.isPending} disabled={!unsaved}>
              Save pronunciations
            </Button>
            {unsaved && <span className="text-xs text-slate-500">Unsaved changes</span>}
          </div>
        </form>
      )}
      <HearIt example={example} unsaved={unsaved} />
    </FeaturePanel>
  );
}
