/**
 * The top of a podcast card: the image, the title, the page it was made from (or, for an episode of
 * several, a list of its sources that opens), and a line of badges
 * (the 'Free' badge, the mode (and minutes asked), the language when not the article's ("from an article in
 * English"), the length once ready, the voice, the stage while it converts, Failed or
 * Unfinished (failed part of the way, the part made still plays), Shared); the focus asked, under the title.
 */
import { ExternalLink, Link2, Mic } from 'lucide-react';
import type { PodcastSource } from '../../../../../shared/api/podcasts.ts';
import { formatDuration } from '../../../../../shared/format-time.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import type { StoredPodcast } from '../api/podcast-storage.ts';
import { isFinished } from '../../../../../shared/podcast/apply-event.ts';
import { podcastStatusLabel } from '../../../../../shared/podcast/status-labels.ts';
import { webAddress } from '../../../../../shared/validation.ts';
import { modeLabel } from '../utils/modes.ts';
import { languageName } from '../../../../../shared/text/language-name.ts';

/**
 * The page a podcast was made from, as a link: only an http(s) address, whatever the server or the
 * local storage holds (a `javascript:` address must never become an href).
 */
function sourceLink(sourceUrl: string | null | undefined): { href: string; host: string } | null {
  const href = webAddress(sourceUrl);
  return href ? { href, host: new URL(href).host.replace(/^www\./, '') } : null;
}

function SourceLink({ source, className }: { source: { href: string; host: string }; className: string }) {
  return (
    <a href={source.href} target="_blank" rel="noreferrer" className={`${className} items-center gap-1 text-sm text-slate-500 hover:text-brand-700`}>
      <span className="truncate">{source.host}</span>
      <ExternalLink aria-hidden size={12} className="shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** An episode's sources in order, a chapter each: the title, and the page's host as a link when it has one. */
function SourceList({ sources }: { sources: PodcastSource[] }) {
  return (
    <details className="mt-1 text-sm text-slate-500">
      <summary className="cursor-pointer hover:text-brand-700">{sources.length} sources</summary>
      <ol className="mt-1 list-decimal space-y-0.5 pl-5">
        {sources.map((item, i) => {
          const link = sourceLink(item.url);
          return (
            <li key={i} className="min-w-0">
              <span className="text-slate-700">{item.title || `Source ${i + 1}`}</span>
              {link && (
                <>
                  {' · '}
                  <SourceLink source={link} className="inline-flex max-w-[60%] align-bottom" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

interface PodcastCardHeaderProps {
  podcast: StoredPodcast;
  titleId: string;
  title: string;
  showFreeBadge: boolean;
  /** The name of the voice, shown to members who may change it. */
  voiceName: string | null;
  showShared: boolean;
}

export function PodcastCardHeader({ podcast, titleId, title, showFreeBadge, voiceName, showShared }: PodcastCardHeaderProps) {
  const { image, sourceUrl, status, durationSeconds } = podcast;
  const source = sourceLink(sourceUrl);
  return (
    <div className="flex gap-4 p-4 sm:p-5">
      <img src={image} alt="" width={160} height={96} className="h-16 w-24 shrink-0 rounded-lg object-cover sm:h-24 sm:w-40" />
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="line-clamp-2 text-base font-semibold leading-snug text-slate-900 sm:text-lg">
          {title}
        </h3>
        {podcast.sources && podcast.sources.length > 1 ? (
          <SourceList sources={podcast.sources} />
        ) : (
          source && <SourceLink source={source} className="mt-1 inline-flex max-w-full" />
        )}
        {podcast.focus && (
          <p data-testid="podcast-focus" className="mt-1 line-clamp-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">Focus:</span> {podcast.focus}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
          {showFreeBadge && <Badge>Free</Badge>}
          {podcast.mode && (
            <span data-testid="podcast-mode">
              <span className="sr-only">Mode: </span>
              {modeLabel(podcast.mode)}
              {podcast.minutes ? `, ${podcast.minutes} min asked` : ''}
            </span>
          )}
          {podcast.articleLanguage && podcast.language && (
            <span data-testid="podcast-language">
              In {languageName(podcast.language)}, from an article in {languageName(podcast.articleLanguage)}
            </span>
          )}
          {status === 'ready' && durationSeconds ? <span>{formatDuration(durationSeconds)}</span> : null}
          {voiceName && (
            <span className="inline-flex items-center gap-1">
              <Mic aria-hidden size={12} />
              <span className="sr-only">Voice: </span>
              {voiceName}
            </span>
          )}
          {!isFinished(status) && status !== 'drafted' && <Badge tone="brand">{podcastStatusLabel(status)}</Badge>}
          {status === 'failed' && <Badge tone="danger">{podcast.streamUrl ? 'Unfinished' : 'Failed'}</Badge>}
          {showShared && (
            <Badge tone="brand">
              <Link2 aria-hidden size={12} />
              Shared
            </Badge>
          )}
        </div>
      </div>
    </div>
  );
}
