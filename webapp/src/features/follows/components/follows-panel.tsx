/**
 * The sites a member follows: add one by its address or its feed's, check it now, pause or resume
 * it, remove it. Each shows its last check, its last new item and, when something went wrong, why in
 * a sentence. A check asked for is shown under way until the follow's last check moves (a minute at most).
 * Under the list, the member may have one episode a day of all their follows (member-digest.tsx).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pause, Play, RefreshCw, Rss, Trash2 } from 'lucide-react';
import type { Follow } from '../../../../../shared/api/follows.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useAddFollow } from '../api/add-follow.ts';
import { useCheckFollow } from '../api/check-follow.ts';
import { useDeleteFollow } from '../api/delete-follow.ts';
import { followKeys } from '../api/follow-keys.ts';
import { useUpdateFollow } from '../api/update-follow.ts';
import { hourName, MemberDigest } from './member-digest.tsx';

const when = (iso: string | null, never: string) => (iso ? new Date(iso).toLocaleString() : never);
/** A check asked for is followed this long at most: the list is asked again every 2 s meanwhile. */
const CHECK_WATCH_MS = 60_000;

export function FollowsPanel() {
  const email = useSessionUser()?.email ?? null;
  // Each follow being checked: its last check when asked, and when it was asked.
  const [checking, setChecking] = useState<Record<string, { last: string | null; at: number }>>({});
  const follows = useQuery({
    queryKey: followKeys.list(email),
    queryFn: ({ signal }) => pagecast.follows.list({ signal }),
    refetchInterval: Object.keys(checking).length > 0 ? 2000 : 30_000,
  });
  const underWay = (follow: Follow) => {
    const asked = checking[follow.id];
    return !!asked && asked.last === follow.lastCheckedAt && Date.now() - asked.at < CHECK_WATCH_MS;
  };
  useEffect(() => {
    const done = (follows.data ?? []).filter((f) => checking[f.id] && !underWay(f)).map((f) => f.id);
    if (done.length) setChecking((now) => Object.fromEntries(Object.entries(now).filter(([id]) => !done.includes(id))));
  });
  const memberDigest = useQuery({ queryKey: followKeys.digest(email), queryFn: ({ signal }) => pagecast.follows.digest({ signal }) });
  const dailyHour = memberDigest.data?.digestHour ?? null;
  const [address, setAddress] = useState('');
  const [digest, setDigest] = useState(false);
  const add = useAddFollow({
    onSuccess: (follow) => {
      setAddress('');
      toast.success(`Following ${follow.title ?? follow.address}`);
    },
  });
  const change = useUpdateFollow({ onError: (err) => toast.error(errorMessage(err)) });
  const remove = useDeleteFollow({ onError: (err) => toast.error(errorMessage(err)) });
  const check = useCheckFollow({
    onSuccess: (_, follow) => setChecking((now) => ({ ...now, [follow.id]: { last: follow.lastCheckedAt, at: Date.now() } })),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) add.mutate({ url: address.trim(), ...(digest ? { digest: true } : {}) });
  };

  return (
    <section aria-labelledby="follows-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 id="follows-title" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <Rss aria-hidden size={22} /> Followed sites
      </h1>
      <p className="mt-2 text-slate-600">
        Follow a site by its address or its feed: each new article becomes a podcast in your list and your private feed. Tick “Daily
        digest” for one episode a day with a chapter per article instead.
      </p>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <label htmlFor="follow-address" className="sr-only">
          Site or feed address
        </label>
        <input
          id="follow-address"
          type="url"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="https://example.com or its feed"
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.target.checked)} /> Daily digest
        </label>
        <Button type="submit" disabled={add.isPending || !address.trim()}>
          {add.isPending ? <Spinner /> : null} Follow
        </Button>
      </form>
      {add.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(add.error)}
        </p>
      )}
      {follows.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(follows.error)}
        </p>
      )}
      <ul aria-label="Followed sites" className="mt-6 divide-y divide-slate-200">
        {follows.data?.length === 0 && <li className="py-3 text-sm text-slate-500">You follow no site yet.</li>}
        {follows.data?.map((follow) => (
          <FollowRow
            key={follow.id}
            follow={follow}
            dailyHour={dailyHour}
            busy={change.isPending || remove.isPending}
            checking={underWay(follow) || (check.isPending && check.variables?.id === follow.id)}
            onCheck={() => check.mutate(follow)}
            onPause={(paused) => change.mutate({ id: follow.id, paused })}
            onRemove={() => remove.mutate(follow.id)}
          />
        ))}
      </ul>
      <MemberDigest digest={memberDigest} />
    </section>
  );
}

function FollowRow({
  follow,
  dailyHour,
  busy,
  checking,
  onCheck,
  onPause,
  onRemove,
}: {
  follow: Follow;
  /** The member's daily episode of all follows, when on: it tells this follow's items too. */
  dailyHour: number | null;
  busy: boolean;
  /** A check asked for is under way. */
  checking: boolean;
  onCheck(): void;
  onPause(paused: boolean): void;
  onRemove(): void;
}) {
  const name = follow.title ?? follow.address;
  const telling =
    dailyHour !== null ? `In your daily episode from ${hourName(dailyHour)}. ` : follow.digest ? `A daily digest from ${follow.digestHour}:00 UTC. ` : '';
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between" aria-label={name}>
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">
          {name} {follow.paused && <span className="text-sm font-normal text-slate-500">(paused)</span>}
        </p>
        <p className="truncate text-sm text-slate-500">{follow.feedUrl}</p>
        <p className="mt-1 text-sm text-slate-600">
          {telling}Last checked: {when(follow.lastCheckedAt, 'not yet')}. Last new
          item: {when(follow.lastItemAt, 'none yet')}.
        </p>
        {follow.error && (
          <p role="status" className="mt-1 text-sm text-red-700">
            {follow.error}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" disabled={busy || checking || follow.paused} onClick={onCheck} aria-label={`Check ${name} now`}>
          {checking ? <Spinner /> : <RefreshCw aria-hidden size={14} />} {checking ? 'Checking…' : 'Check now'}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => onPause(!follow.paused)}>
          {follow.paused ? <Play aria-hidden size={14} /> : <Pause aria-hidden size={14} />} {follow.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={onRemove} aria-label={`Stop following ${name}`}>
          <Trash2 aria-hidden size={14} /> Remove
        </Button>
      </div>
    </li>
  );
}
