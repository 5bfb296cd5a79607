/**
 * The WCXB development pages (shared/corpora/wcxb-dev): each page with its kind, domain and labelled
 * main content, split into two fixed halves by a hash of the domain (so no site is in both), and the
 * benchmark's own score: word F1 over lowercased `\w+` tokens as bags, an empty truth scoring 1 when
 * nothing is returned and 0 otherwise.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { wordF1 } from '../../../server/machinery/extract/word-f1.ts';

export const CORPORA = path.resolve(import.meta.dirname, '../../../../shared/corpora');
const WCXB = path.join(CORPORA, 'wcxb-dev');

export const KINDS = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'] as const;
export type Kind = (typeof KINDS)[number];

export interface WcxbPage {
  id: string;
  kind: Kind;
  domain: string;
  url: string;
  html: string;
  truth: string;
  /** 'tune' for the half rules were tuned on, 'held' for the held-out half. */
  half: 'tune' | 'held';
}

/** The half a site belongs to, fixed by its domain's hash (decided before any rule was written). */
export const halfOfDomain = (domain: string): 'tune' | 'held' =>
  (crypto.createHash('sha256').update(domain).digest()[0]! & 1) === 0 ? 'tune' : 'held';

export const hasWcxb = () => fs.existsSync(path.join(WCXB, 'metadata.json'));

export function wcxbPages(): WcxbPage[] {
  const meta = JSON.parse(fs.readFileSync(path.join(WCXB, 'metadata.json'), 'utf8')) as {
    files: Record<string, { page_type: Kind; domain: string }>;
  };
  return Object.entries(meta.files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, { page_type: kind, domain }]) => ({ id, kind, domain, ...wcxbPage(id), half: halfOfDomain(domain) }));
}

/** One labelled page: its address, its HTML and its labelled main content. */
export function wcxbPage(id: string): { url: string; html: string; truth: string } {
  const truth = JSON.parse(fs.readFileSync(path.join(WCXB, 'ground-truth', `${id}.json`), 'utf8')) as { url: string; main_content: string };
  const html = zlib.gunzipSync(fs.readFileSync(path.join(WCXB, 'html', `${id}.html.gz`))).toString('utf8');
  return { url: truth.url, html, truth: truth.main_content ?? '' };
}

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** The benchmark's score of `actual` against `expected`: word F1 over its own tokens. */
export const wcxbF1 = (actual: string, expected: string): number => wordF1(actual, expected, tokens);
