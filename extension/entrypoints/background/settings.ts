/**
 * The server address setting. A session belongs to one server, so moving to another signs out here
 * (the anonymous browser token stays: it means nothing to the new server until used there).
 */
import { fail, ok, type Result } from '../../result.ts';
import { INVALID_SERVER_MESSAGE, normalizeServerUrl } from '../../server-address.ts';
import { creationItem, recentPodcastsItem, serverUrlItem, sessionItem } from '../../storage.ts';
import { stopPlayback } from './playback.ts';

export async function saveServerAddress({ url }: { url: string }): Promise<Result<string>> {
  const origin = normalizeServerUrl(url);
  if (!origin) return fail('INVALID_URL', INVALID_SERVER_MESSAGE);
  if (origin === (await serverUrlItem.getValue())) return ok(origin);
  await serverUrlItem.setValue(origin);
  await Promise.all([
    sessionItem.setValue(null),
    recentPodcastsItem.setValue([]),
    creationItem.setValue(null),
    stopPlayback(),
  ]);
  return ok(origin);
}
