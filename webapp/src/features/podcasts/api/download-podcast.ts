/**
 * Saves a podcast's MP3 under its title. The file is fetched with the member's identity (the server
 * answers 403 to anyone but a Premium member) and handed to the browser as a download.
 */
import { pagecast } from '../../../lib/api-client.ts';
import { downloadFileName } from '../utils/download.ts';

export async function downloadPodcast(id: string, title: string): Promise<void> {
  const res = await pagecast.podcasts.download(id);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = downloadFileName(title);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
