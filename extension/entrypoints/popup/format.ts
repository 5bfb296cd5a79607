/** How the popup words times, dates and a podcast's stage. */
import { podcastStatusLabel } from '../../../shared/podcast/status-labels.ts';
import type { Creation } from '../../storage.ts';

/** '3 min ago', 'Yesterday', 'Mar 4'. */
export function formatCreatedAt(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const minutes = Math.round((now - time) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'Yesterday';
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(time);
}

/** What the card of the podcast in the making says: the extension's own steps, then the server's. */
export function creationLabel(creation: Creation): string {
  switch (creation.phase) {
    case 'reading':
      return creation.source === 'selection' ? 'Reading your selection' : creation.source === 'tray' ? 'Gathering the pages' : 'Reading the page';
    case 'sending':
      return 'Sending to Pagecast';
    case 'converting':
      return podcastStatusLabel(creation.status ?? 'queued');
    case 'ready':
      return podcastStatusLabel('ready');
    case 'failed':
      return podcastStatusLabel('failed');
  }
}

export function hostOf(url: string | undefined): string {
  if (!url || !URL.canParse(url)) return '';
  const { protocol, host } = new URL(url);
  return protocol === 'http:' || protocol === 'https:' ? host.replace(/^www\./, '') : protocol.replace(/:$/, '');
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** An episode's length for people: 'about 12 min', 'under a minute'. */
export function formatLength(seconds: number): string {
  if (seconds < 45) return 'under a minute';
  return `about ${Math.max(1, Math.round(seconds / 60))} min`;
}
