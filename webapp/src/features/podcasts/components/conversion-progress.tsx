import type { PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { podcastStatusLabel } from '../../../../../shared/podcast/status-labels.ts';

/** While a podcast converts: the stage, the percentage, and a bar while it is between 0 and 100. */
export function ConversionProgress({ status, progress, title }: { status: PodcastStatus; progress: number; title: string }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span className="flex items-center gap-2">
          <Spinner size={14} className="text-brand-600" />
          {podcastStatusLabel(status)}…
        </span>
        {progress > 0 && <span className="tabular-nums">{Math.round(progress)}%</span>}
      </div>
      {progress > 0 && progress < 100 && <ProgressBar value={progress} label={`Converting ${title}`} />}
    </div>
  );
}
