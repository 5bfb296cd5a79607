/**
 * What the voice pickers say of the natural voices, in one sentence: a download under way and how far;
 * else nothing when one is installed; else why podcasts are spoken by the built-in voice (a failed
 * install with its reason and next try, this system unable to run them, downloads off, or the voice
 * that comes with the first podcast).
 */
import type { NaturalVoiceState, VoiceDownload } from '../../../../../shared/api/premium.ts';
import { VOICE_DOWNLOAD_HINT } from '../../../../../shared/errors.ts';

const BUILT_IN = 'podcasts are spoken by the built-in voice';

const percent = (received: number, total: number | null) => (total ? ` ${Math.min(99, Math.floor((received / total) * 100))}%` : '');

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The sentences to show under a voice picker; none when a natural voice is simply here. */
export function naturalVoiceSentences(natural: readonly NaturalVoiceState[], downloads: readonly VoiceDownload[] = []): string[] {
  const downloading = natural.length
    ? natural.flatMap((v) => (v.state === 'downloading' ? [{ name: v.name, received: v.received, total: v.total }] : []))
    : downloads;
  if (downloading.length) {
    return downloading.map((d) => `Downloading the natural voice ${d.name}:${percent(d.received, d.total)} — it joins the list once installed.`);
  }
  if (natural.length === 0 || natural.some((v) => v.state === 'installed')) return [];
  const failed = natural.find((v) => v.state === 'failed');
  if (failed?.state === 'failed') {
    return [
      `The natural voice ${failed.name} could not be installed (${failed.reason}); it is tried again after ${timeOf(failed.nextTry)}, and until then ${BUILT_IN}. ${VOICE_DOWNLOAD_HINT}`,
    ];
  }
  if (natural.some((v) => v.state === 'unavailable')) return [`This server's system cannot run natural voices, so ${BUILT_IN}.`];
  if (natural.every((v) => v.state === 'off')) return ['No natural voice here: the built-in voice speaks.'];
  return [`A natural voice downloads with the first podcast; until it is installed, ${BUILT_IN}.`];
}
