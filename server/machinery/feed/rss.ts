/**
 * A private podcast feed: RSS 2.0 with the tags Apple Podcasts reads (itunes:) and the Podcasting 2.0
 * namespace (podcast: transcripts, chapters, guid, locked), chapters also inline as Podlove Simple
 * Chapters (psc:). Pure: takes the episodes and their
 * absolute URLs, answers the XML.
 */
import { createHash } from 'node:crypto';
import { documentText, escapeMarkup as escapeXml } from '../../lib/document-text.ts';
import { vttTime } from './transcript.ts';

export interface FeedTranscript {
  url: string;
  type: 'text/vtt' | 'text/html' | 'text/plain' | 'application/json';
  language?: string;
}

export interface FeedEpisode {
  /** Stable for the podcast's life, whatever its voice or title. */
  guid: string;
  title: string;
  /** Plain text: the article's excerpt and its source. */
  description: string;
  /** The same as HTML (content:encoded), with the source as a link. */
  descriptionHtml: string;
  publishedAt: Date;
  /** The source page (or the product's address when there is none). */
  link: string;
  audioUrl: string;
  /** The audio's exact size in bytes (what its HEAD answers). */
  audioBytes: number;
  durationSeconds: number;
  transcripts: FeedTranscript[];
  chaptersUrl: string;
  /** Also inline, as Podlove Simple Chapters, for the apps that read those. */
  chapters: { title: string; startMs: number }[];
}

export interface Feed {
  title: string;
  description: string;
  link: string;
  /** ISO 639-1. */
  language: string;
  /** A square PNG or JPEG, 1,400 to 3,000 px. */
  imageUrl: string;
  author: string;
  /** The member by name only: the address is personal data a leaked feed URL must not carry. */
  owner: { name: string };
  copyright: string;
  selfUrl: string;
  /** podcast:guid, a UUID that outlives the feed's address. */
  guid: string;
  builtAt: Date;
  episodes: FeedEpisode[];
}

/** 754 → "00:12:34" (itunes:duration). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** RFC 2822 date-time, e.g. "Wed, 25 Nov 2026 10:39:58 +0000". */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** The Podcasting 2.0 namespace for podcast:guid (a UUIDv5 namespace). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** UUID version 5 (SHA-1) of `name` in `namespace`. */
export function uuidV5(name: string, namespace = PODCAST_GUID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// CDATA holds any character XML allows, so the HTML is filtered like every other text.
const cdata = (html: string) => `<![CDATA[${documentText(html).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

function renderItem(e: FeedEpisode): string {
  const transcripts = e.transcripts
    .map((t) => `      <podcast:transcript url="${escapeXml(t.url)}" type="${t.type}"${t.language ? ` language="${escapeXml(t.language)}"` : ''}/>`)
    .join('\n');
  return `    <item>
      <title>${escapeXml(e.title)}</title>
      <guid isPermaLink="false">${escapeXml(e.guid)}</guid>
      <pubDate>${rfc2822(e.publishedAt)}</pubDate>
      <link>${escapeXml(e.link)}</link>
      <description>${escapeXml(e.description)}</description>
      <content:encoded>${cdata(e.descriptionHtml)}</content:encoded>
      <itunes:summary>${escapeXml(e.description)}</itunes:summary>
      <enclosure url="${escapeXml(e.audioUrl)}" length="${e.audioBytes}" type="audio/mpeg"/>
      <itunes:duration>${formatDuration(e.durationSeconds)}</itunes:duration>
      <itunes:explicit>false</itunes:explicit>
      <itunes:episodeType>full</itunes:episodeType>
${transcripts}
      <podcast:chapters url="${escapeXml(e.chaptersUrl)}" type="application/json+chapters"/>
      <psc:chapters version="1.2">
${e.chapters.map((c) => `        <psc:chapter start="${vttTime(c.startMs)}" title="${escapeXml(c.title)}"/>`).join('\n')}
      </psc:chapters>
    </item>`;
}

export function renderRss(feed: Feed): string {
  const items = feed.episodes.map(renderItem).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:psc="http://podlove.org/simple-chapters" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>${escapeXml(feed.language)}</language>
    <copyright>${escapeXml(feed.copyright)}</copyright>
    <lastBuildDate>${rfc2822(feed.builtAt)}</lastBuildDate>
    <generator>Pagecast</generator>
    <atom:link href="${escapeXml(feed.selfUrl)}" rel="self" type="application/rss+xml"/>
    <image><url>${escapeXml(feed.imageUrl)}</url><title>${escapeXml(feed.title)}</title><link>${escapeXml(feed.link)}</link></image>
    <itunes:author>${escapeXml(feed.author)}</itunes:author>
    <itunes:owner><itunes:name>${escapeXml(feed.owner.name)}</itunes:name></itunes:owner>
    <itunes:summary>${escapeXml(feed.description)}</itunes:summary>
    <itunes:image href="${escapeXml(feed.imageUrl)}"/>
    <itunes:category text="Technology"/>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>
    <itunes:block>Yes</itunes:block>
    <podcast:locked>yes</podcast:locked>
    <podcast:guid>${feed.guid}</podcast:guid>
${items}
  </channel>
</rss>
`;
}
