/**
 * The validation rules of the forms (sign-in fields, the URL form), as pure functions returning the
 * message a user reads, or null.
 */
import { AUTH_MESSAGES, CONTENT_MESSAGES } from './errors.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';

/** Sign-in and registration: both fields required. */
export function validateCredentialsFields(email: string, password: string): string | null {
  if (!email.trim() || !password) return AUTH_MESSAGES.fillAllFields;
  return null;
}

/** The password rule the browser's minlength also enforces. */
export function passwordTooShort(password: string): boolean {
  return password.length < MIN_PASSWORD_LENGTH;
}

/** A host name with its dots (example.com, www.bbc.co.uk, münchen.de) or localhost, and a port. */
const BARE_HOST = /^(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}|localhost)(?::\d{1,5})?$/u;

/** An IPv4 address, or an IPv6 one in brackets, and a port. */
const IP_HOST = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * An address typed without its scheme ("example.com/article", "www.bbc.co.uk/news", "203.0.113.5:8080/a")
 * as a browser's address bar takes it: https:// in front, http:// for an IP address. Anything else is
 * left as typed.
 */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  if (/\s/.test(trimmed) || trimmed.includes('://')) return trimmed;
  const host = trimmed.split(/[/?#]/)[0]!;
  // An IP address (with a port or not) opens over http, as a browser's address bar opens it.
  if (IP_HOST.test(host)) return `http://${trimmed}`;
  return BARE_HOST.test(host) ? `https://${trimmed}` : trimmed;
}

/** The home page's URL form: empty, then not an absolute URL (one typed without https:// has it added). */
export function validateUrlForm(value: string): string | null {
  const trimmed = withScheme(value);
  if (!trimmed) return CONTENT_MESSAGES.enterUrl;
  if (!URL.canParse(trimmed)) return CONTENT_MESSAGES.enterValidUrl;
  return null;
}

/** A podcast's address must be an http:// or https:// URL with a host (and no NUL in it). */
export function isWebsiteUrl(value: string): boolean {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed) || trimmed.includes('\u0000') || !URL.canParse(trimmed)) return false;
  const url = new URL(trimmed);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/**
 * The address a podcast links to as the page it was made from: the canonical form of an http:// or
 * https:// URL with a host, or null for anything else (`javascript:`, `data:`, a local `file:` page),
 * which is neither stored nor shown as a link.
 */
export function webAddress(value: string | null | undefined): string | null {
  return value && isWebsiteUrl(value) ? new URL(value.trim()).href : null;
}

/** The schemes a page the extension reads may have: the web's, and a local file's. */
const PAGE_SCHEMES = new Set(['http:', 'https:', 'file:']);

/** True for the address of a page the extension can read (http, https or file). */
export function isPageAddress(value: string): boolean {
  const trimmed = value.trim();
  return !trimmed.includes('\u0000') && URL.canParse(trimmed) && PAGE_SCHEMES.has(new URL(trimmed).protocol);
}

export function validateWebsiteUrl(value: string): string | null {
  return isWebsiteUrl(value) ? null : CONTENT_MESSAGES.invalidWebsiteUrl;
}
