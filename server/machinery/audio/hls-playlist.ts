/**
 * The HLS playlist of an episode as it is made: type EVENT (segments are only ever added), ended
 * with `#EXT-X-ENDLIST` once nothing more will come. hls.js plays it in Chromium and Firefox, Safari
 * natively; a player can seek anywhere in what it lists.
 */

export interface PlaylistSegment {
  seq: number;
  durationMs: number;
}

/** Segments are cut near four seconds; a long sentence makes a longer one. */
const MIN_TARGET_SECONDS = 6;

export function hlsPlaylist(segments: readonly PlaylistSegment[], options: { complete: boolean; segmentUri: (seq: number) => string }): string {
  const longest = Math.max(0, ...segments.map((s) => s.durationMs / 1000));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(MIN_TARGET_SECONDS, Math.ceil(longest))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
  ];
  for (const segment of segments) {
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`, options.segmentUri(segment.seq));
  }
  if (options.complete) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
