/**
 * A strict WebVTT reader for tests: the signature line, then blocks separated by blank lines, each an
 * optional identifier, a timing line `hh:mm:ss.ttt --> hh:mm:ss.ttt` and at least one line of text
 * (no "-->", no bare "<" or "&" outside a tag or an escape). Throws at the first rule broken.
 */
export interface VttCue {
  id: string | null;
  startMs: number;
  endMs: number;
  /** The `<v Name>` voice, as written (escapes kept). */
  voice: string | null;
  /** The text, tags removed and escapes decoded. */
  text: string;
}

const TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const timeMs = (text: string) => {
  const m = TIME.exec(text);
  if (!m) throw new Error(`not a WebVTT timestamp: ${text}`);
  return Number(m[1] ?? 0) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4]);
};
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');

export function parseVtt(file: string): VttCue[] {
  if (file.includes('\r')) throw new Error('line ends other than LF');
  const [header, ...blocks] = file.replace(/\n+$/, '').split(/\n{2,}/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header!.split('\n')[0]!)) throw new Error('missing the WEBVTT signature');
  const cues: VttCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    if (lines[0]!.startsWith('NOTE')) continue;
    const id = lines[0]!.includes('-->') ? null : lines.shift()!;
    if (id !== null && id.includes('-->')) throw new Error(`an identifier holds "-->": ${id}`);
    const timing = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(lines.shift() ?? '');
    if (!timing) throw new Error(`no timing line in: ${block}`);
    const startMs = timeMs(timing[1]!);
    const endMs = timeMs(timing[2]!);
    if (endMs <= startMs) throw new Error(`a cue ends before it starts: ${timing[0]}`);
    if (cues.length && startMs < cues.at(-1)!.startMs) throw new Error('cues out of order');
    if (lines.length === 0) throw new Error(`a cue without text: ${block}`);
    const raw = lines.join('\n');
    if (raw.includes('-->')) throw new Error(`cue text holds "-->": ${raw}`);
    if (/&(?!(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`a bare "&" in: ${raw}`);
    const voice = /^<v(?:\.[\w.-]+)?[ \t]+([^>]+)>/.exec(raw)?.[1] ?? null;
    const withoutTags = raw.replace(/<\/?(?:v|c|i|b|u|ruby|rt|lang)(?:[.\s][^>]*)?>|<\d[^>]*>/g, '');
    if (withoutTags.includes('<') || withoutTags.includes('>')) throw new Error(`a bare "<" or ">" in: ${raw}`);
    cues.push({ id, startMs, endMs, voice, text: decode(withoutTags) });
  }
  return cues;
}
