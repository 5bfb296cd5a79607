import { DOWNLOAD_MESSAGES } from '../../../../../shared/errors.ts';

/** Why a download may not start, as the message the member reads, or null when it may. */
export function downloadRefusal({ isPremium, audioUrl }: { isPremium: boolean; audioUrl: string | null }): string | null {
  if (!isPremium) return DOWNLOAD_MESSAGES.premiumRequired;
  if (!audioUrl) return DOWNLOAD_MESSAGES.audioRequired;
  return null;
}

/**
 * The downloaded file is named after the podcast's title with .mp3. Characters no file
 * system accepts are dropped.
 */
export function downloadFileName(title: string): string {
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '').replace(/\s+/g, ' ').trim().replace(/\.+$/, '');
  return `${safe || 'podcast'}.mp3`;
}
