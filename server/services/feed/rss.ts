/**
 * A private podcast feed: RSS 2.0 with the iTunes podcast tags podcast apps read. Pure: takes the
 * episodes and their absolute URLs, answers the XML.
 */

export interface FeedEpisode {
  guid: string;
  title: string;
  description: string;
  publishedAt: Date;
  audioUrl: string;
  audioBytes: number;
  durationSeconds: number;
}

export interface Feed {
  title: string;
  description: string;
  link: string;
  imageUrl: string;
  author: string;
  selfUrl: string;
  episodes: FeedEpisode[];
}

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 does not allow at all.
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** 754 → "00:12:34" (itunes:duration). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function renderRss(feed: Feed): string {
  const items = feed.episodes
    .map(
      (e) => `    <item>
      <title>${escapeXml(e.title)}</title>
      <guid isPermaLink="false">${escapeXml(e.guid)}</guid>
      <pubDate>${e.publishedAt.toUTCString()}</pubDate>
      <description>${escapeXml(e.description)}</description>
      <enclosure url="${escapeXml(e.audioUrl)}" length="${e.audioBytes}" type="audio/mpeg"/>
      <itunes:duration>${formatDuration(e.durationSeconds)}</itunes:duration>
      <itunes:explicit>false</itunes:explicit>
      <itunes:episodeType>full</itunes:episodeType>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(feed.selfUrl)}" rel="self" type="application/rss+xml"/>
    <image><url>${escapeXml(feed.imageUrl)}</url><title>${escapeXml(feed.title)}</title><link>${escapeXml(feed.link)}</link></image>
    <itunes:author>${escapeXml(feed.author)}</itunes:author>
    <itunes:summary>${escapeXml(feed.description)}</itunes:summary>
    <itunes:image href="${escapeXml(feed.imageUrl)}"/>
    <itunes:category text="Technology"/>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>
    <itunes:block>Yes</itunes:block>
${items}
  </channel>
</rss>
`;
}
