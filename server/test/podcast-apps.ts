/**
 * Real clients from Debian's packages, for tests: gPodder's feed parser (python3-podcastparser), as a
 * podcast app reads a feed, and ffprobe/ffmpeg (ffmpeg), as a player reads a file. scripts/test.sh
 * installs both when missing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Debian's Python, where python3-podcastparser is installed. */
const PYTHON = '/usr/bin/python3';

export interface ParsedEpisode {
  title: string;
  guid: string;
  link: string;
  description: string;
  description_html: string;
  published: number;
  total_time: number;
  enclosures: { url: string; file_size: number; mime_type: string }[];
  chapters?: { start: number; title: string }[];
}

export interface ParsedFeed {
  title: string;
  link: string;
  description: string;
  language: string;
  cover_url: string;
  itunes_author?: string;
  itunes_owner?: { name?: string; email?: string };
  itunes_categories?: string[][];
  explicit: boolean;
  episodes: ParsedEpisode[];
}

/** The feed as podcastparser (gPodder's parser) reads it. */
export async function parseFeedAsPodcastApp(xml: string, url: string): Promise<ParsedFeed> {
  const script = 'import io, json, sys, podcastparser\nprint(json.dumps(podcastparser.parse(sys.argv[1], io.BytesIO(sys.stdin.buffer.read()))))';
  const child = execFile(PYTHON, ['-c', script, url], { maxBuffer: 16 * 1024 * 1024 });
  const output = new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`podcastparser failed (${code}): ${err}`))));
  });
  child.stdin!.end(xml);
  return JSON.parse(await output) as ParsedFeed;
}

async function withFile<T>(name: string, bytes: Uint8Array | string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pagecast-probe-'));
  const file = path.join(dir, name);
  try {
    await fs.promises.writeFile(file, bytes);
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface ProbedMedia {
  format: { format_name: string; duration?: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string }[];
  chapters: { start_time: string; end_time: string; tags?: { title?: string } }[];
}

/** What ffprobe reads in a file: its format, streams and chapters. */
export async function probe(name: string, bytes: Uint8Array | string): Promise<ProbedMedia> {
  return withFile(name, bytes, async (file) => {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-show_chapters', '-of', 'json', file]);
    return JSON.parse(stdout) as ProbedMedia;
  });
}

/** A WebVTT file as ffmpeg reads it, converted to SubRip (which its reader must have understood). */
export async function vttAsSrt(vtt: string): Promise<string> {
  return withFile('transcript.vtt', vtt, async (file) => {
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'srt', '-']);
    return stdout;
  });
}
