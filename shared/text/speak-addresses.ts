/**
 * Addresses read aloud the way a person reads them, never dropped: a sentence that names a site
 * keeps its object. A bare domain is read as written, without "www." ("www.msn.com" → "msn dot
 * com"); a link (an address with a scheme or a path) by its site's name ("https://en.wikipedia.org/
 * wiki/Tide" → "wikipedia dot org"); an e-mail address whole ("press at example dot org"); an IP
 * address by its numbers. English, German, French and Spanish say the marks in words; any other
 * language keeps the written form (the site name, the address) for its voice to read.
 *
 * Site names come from the Public Suffix List (tldts): "www.bbc.co.uk/news" is "bbc dot co dot uk",
 * "someone.github.io" stays someone's. Without a scheme, "name.ending" is an address only when its
 * ending is a real public suffix written in lower case, so "Node.js", "ASP.NET", "e.g." and "U.S." stay.
 *
 * An embedded post's furniture is not read: its picture link ("pic.twitter.com/MYwRz9euaq", an
 * attachment, not a site the sentence names) and the handle in parentheses after its author's name
 * ("Arvind Kejriwal (@ArvindKejriwal)": the name says it).
 */
import { parse } from 'tldts';

interface AddressWords {
  dot: string;
  at: string;
  dash: string;
  underscore: string;
  plus: string;
  port: string;
  slash: string;
}

/** How each language says the marks of an address. */
const ADDRESS_WORDS: Record<string, AddressWords> = {
  en: { dot: 'dot', at: 'at', dash: 'dash', underscore: 'underscore', plus: 'plus', port: 'port', slash: 'slash' },
  // "ät", as German speakers say @ (written "at", a German voice reads the German word "at")
  de: { dot: 'Punkt', at: 'ät', dash: 'Bindestrich', underscore: 'Unterstrich', plus: 'plus', port: 'Port', slash: 'Schrägstrich' },
  fr: { dot: 'point', at: 'arobase', dash: 'tiret', underscore: 'tiret bas', plus: 'plus', port: 'port', slash: 'slash' },
  es: { dot: 'punto', at: 'arroba', dash: 'guion', underscore: 'guion bajo', plus: 'más', port: 'puerto', slash: 'barra' },
  it: { dot: 'punto', at: 'chiocciola', dash: 'trattino', underscore: 'trattino basso', plus: 'più', port: 'porta', slash: 'slash' },
  pt: { dot: 'ponto', at: 'arroba', dash: 'hífen', underscore: 'underline', plus: 'mais', port: 'porta', slash: 'barra' },
  ru: { dot: 'точка', at: 'собака', dash: 'дефис', underscore: 'подчёркивание', plus: 'плюс', port: 'порт', slash: 'слэш' },
};

// Every pattern runs on untrusted text of up to 200,000 characters. Each starts only where a word
// starts (a lookbehind), and every repetition that can run on is bounded, so no start rescans the rest.

/** One label of a host name (letters of any script, digits, hyphens). */
const LABEL = '[\\p{L}\\p{N}][\\p{L}\\p{N}-]{0,62}';
/** A host name: labels, then an ending in lower-case letters, not followed by more of a word. */
const HOST = `(?:${LABEL}\\.){1,8}\\p{Ll}{2,24}(?![\\p{L}\\p{N}_-]|\\.[\\p{Ll}\\p{N}])`;
/** A character of an address after its host; parentheses only in pairs ("Tide_(disambiguation)"). */
const ADDRESS_CHAR = '(?:[^\\s<>"\'()[\\]]|\\([^\\s()<>]{0,200}\\))';
/** A path, query or fragment. */
const PATH = `[/?#]${ADDRESS_CHAR}{0,2000}`;

const LINK = new RegExp(`(?<![\\p{L}\\p{N}_@./-])(?:(?:https?|ftp):\\/\\/|www\\.)${ADDRESS_CHAR}{1,2048}`, 'giu');
const EMAIL = new RegExp(`(?<![\\p{L}\\p{N}_.+@-])(?:mailto:)?([\\p{L}\\p{N}_.+-]{1,64})@(${HOST})`, 'gu');
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IP = new RegExp(`(?<![\\p{L}\\p{N}_.])(${OCTET}(?:\\.${OCTET}){3})(?::(\\d{1,5}))?(?![\\p{L}\\p{N}_]|\\.\\d)`, 'gu');
const DOMAIN = new RegExp(`(?<![\\p{L}\\p{N}_@./:+-])(${HOST})(${PATH})?`, 'gu');

/** A post's picture: a `pic.` host and one opaque name after it. */
const PICTURE_LINK = /\s?(?<![\p{L}\p{N}_@./-])(?:https?:\/\/)?pic\.(?:[\p{Ll}\p{N}-]{1,63}\.){1,3}\p{Ll}{2,24}\/[\p{L}\p{N}_-]{1,64}(?![\p{L}\p{N}_/-])/gu;
/** A handle in parentheses right after a name. */
const HANDLE_AFTER_NAME = /(?<=\p{L}) \(@[\p{L}\p{N}_]{1,30}\)/gu;

/** A path of one or two words ("/tickets", "/de/angebote"). */
const SHORT_PATH = /^(?:\/\p{L}[\p{L}\d-]{0,23}){1,2}\/?$/u;

/** Sentence punctuation and closing quotes that follow an address rather than belong to it. */
const TRAILING = /[.,;:!?…。、！？”’»」]+$/u;

/** `text` in the language's words for its marks; as written where the language has none. */
function spell(text: string, words: AddressWords | undefined, marks: RegExp = /[.\-_+]/g): string {
  if (!words) return text;
  const say: Record<string, string> = { '.': words.dot, '-': words.dash, _: words.underscore, '+': words.plus };
  return text.replace(marks, (mark) => ` ${say[mark]} `).replace(/ {2,}/g, ' ').trim();
}

/** A host as said, without "www.": a listener could type it ("spiegel Bindestrich online Punkt de"). */
function sayHost(host: string, words: AddressWords | undefined): string {
  return spell(host.replace(/^www\./i, ''), words);
}

/** A host and its short path: "example dot org slash tickets". */
function sayPath(host: string, path: string, words: AddressWords): string {
  const parts = path.replace(/\/$/, '').split('/').slice(1).map((part) => spell(part, words));
  return [sayHost(host, words), ...parts].join(` ${words.slash} `);
}

/** The name of the site an address points to: its registrable domain, else its host. */
function siteName(address: string): string | null {
  const parts = parse(address, { allowPrivateDomains: true });
  const host = parts.isIp ? parts.hostname : (parts.domain ?? parts.hostname);
  return host ? host.replace(/^\[|\]$/g, '') : null;
}

/** Whether a host ends in a real public suffix (not a file name such as "index.html" or "Node.js"). */
function isKnownHost(host: string): boolean {
  const parts = parse(host, { allowPrivateDomains: true });
  return Boolean(parts.isIcann || parts.isPrivate);
}

/** `address` with the sentence punctuation after it split off. */
function splitTrailing(address: string): [string, string] {
  const trailing = TRAILING.exec(address)?.[0] ?? '';
  return [address.slice(0, address.length - trailing.length), trailing];
}

/**
 * Rewrites the addresses in `text` as the voice should read them in `language` (ISO 639-1). Links
 * written as Markdown or HTML are not addresses here: their text is what is read (linksToText first).
 */
export function speakAddresses(text: string, language: string): string {
  const words = ADDRESS_WORDS[language];
  return text
    .replace(PICTURE_LINK, '')
    .replace(HANDLE_AFTER_NAME, '')
    .replace(LINK, (match) => {
      const [address, trailing] = splitTrailing(match);
      // "www.publico.pt/desporto": written to be typed, so its short path is said as the bare domain's is
      const typed = /^www\.([^/?#]+)(\/.*)?$/i.exec(address);
      if (words && typed && SHORT_PATH.test(typed[2] ?? '')) return `${sayPath(typed[1]!, typed[2]!, words)}${trailing}`;
      const site = siteName(address);
      return `${site ? sayHost(site, words) : ''}${trailing}`;
    })
    .replace(EMAIL, (match, local: string, host: string) => {
      if (!isKnownHost(host)) return match;
      if (!words) return `${local}@${host}`;
      return `${spell(local, words)} ${words.at} ${sayHost(host, words)}`;
    })
    .replace(IP, (_, address: string, port: string | undefined) => {
      const said = spell(address, words, /\./g);
      if (!port) return said;
      return words ? `${said} ${words.port} ${port}` : `${said}:${port}`;
    })
    .replace(DOMAIN, (match, host: string, path: string | undefined) => {
      if (!isKnownHost(host)) return match;
      const [rest, trailing] = splitTrailing(path ?? '');
      // A short path of words is part of what a reader types ("example.org/tickets"); a longer one is
      // not worth saying, its site is; a name alone is read as written.
      if (words && SHORT_PATH.test(rest)) return `${sayPath(host, rest, words)}${trailing}`;
      const name = rest ? (siteName(host) ?? host) : host;
      return `${sayHost(name, words)}${trailing}`;
    });
}
