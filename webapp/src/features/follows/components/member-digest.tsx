/**
 * The member's digest across follows: one episode a day, from an hour they choose (UTC, as the
 * server keeps it), of every follow's new articles, a chapter each, instead of an episode per article.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { MemberDigest as Digest } from '../../../../../shared/api/follows.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useSetDigest } from '../api/set-digest.ts';

/** The hour the digest starts on for a member who has not chosen one. */
const FIRST_HOUR = 7;
export const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00 UTC`;

export function MemberDigest({ digest }: { digest: UseQueryResult<Digest> }) {
  const saved = digest.data?.digestHour ?? null;
  const [on, setOn] = useState(false);
  const [hour, setHour] = useState(FIRST_HOUR);
  const titleId = useId();
  const hourId = useId();
  // What the server holds, once it answers (and again after a save).
  useEffect(() => {
    setOn(saved !== null);
    if (saved !== null) setHour(saved);
  }, [saved]);
  const save = useSetDigest({
    onSuccess: (answer) => {
      toast.success(answer.digestHour === null ? 'Each follow makes its own episodes again.' : `One episode a day from ${hourName(answer.digestHour)}.`);
    },
  });
  const changed = on !== (saved !== null) || (on && hour !== saved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ digestHour: on ? hour : null });
  };

  return (
    <section aria-labelledby={titleId} className="mt-8 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset sm:p-5">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarClock aria-hidden size={18} className="text-brand-600" /> One episode a day
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Instead of an episode per article, get one episode a day of every followed site’s new articles, a chapter each.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" checked={on} disabled={!digest.isSuccess} onChange={(e) => setOn(e.target.checked)} className="h-4 w-4 accent-brand-600" />
          Daily episode of all my follows
        </label>
        <label htmlFor={hourId} className="text-sm text-slate-700">
          from
        </label>
        <select
          id={hourId}
          value={hour}
          disabled={!on}
          onChange={(e) => setHour(Number(e.target.value))}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm disabled:opacity-60"
        >
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {hourName(h)}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" variant="outline" disabled={!changed || save.isPending}>
          {save.isPending ? <Spinner /> : null} Save
        </Button>
      </form>
      {(save.error ?? digest.error) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(save.error ?? digest.error)}
        </p>
      )}
    </section>
  );
}
