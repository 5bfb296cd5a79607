import { CircleAlert, RotateCcw } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useRetryPodcast } from '../api/retry-podcast.ts';

/**
 * Why a podcast could not be made, and 'Try again', which queues its conversion again. An unfinished
 * one (it failed part of the way) keeps the part made, which still plays.
 */
export function ConversionFailed({ podcastId, error, unfinished = false }: { podcastId: string; error: string | null; unfinished?: boolean }) {
  const retry = useRetryPodcast({ onError: (err) => toast.error(errorMessage(err)) });

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
        <span>
          {unfinished && <strong className="font-semibold">Unfinished: </strong>}
          {error || 'The podcast could not be made.'}
          {unfinished && <span className="mt-1 block">The part made before it stopped can still be played.</span>}
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        icon={<RotateCcw aria-hidden size={16} />}
        loading={retry.isPending}
        onClick={() => retry.mutate(podcastId)}
        className="shrink-0"
      >
        Try again
      </Button>
    </div>
  );
}
