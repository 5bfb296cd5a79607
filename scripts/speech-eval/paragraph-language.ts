/**
 * How sure language detection is of one paragraph: the figures behind paragraphLanguage's thresholds
 * (shared/text/language.ts). Every paragraph of every corpus page, extracted as the server does, is
 * judged against its own page's language (a switch there is a false one) and against another language
 * (a French paragraph as a teaser on an English page: a switch to its page's language is right, to any
 * other wrong), by its length in letters and the margin its best language must lead by.
 *
 *   npx tsx scripts/speech-eval/paragraph-language.ts
 */
import { extractArticle } from '../../server/machinery/extract/extract-article.ts';
import { detectLanguage, paragraphLanguage, rank } from '../../shared/text/language.ts';
import { corpusPages } from '../bench/speech-text.ts';

interface Paragraph {
  page: string;
  text: string;
  language: string;
  letters: number;
  ranked: Map<string, number>;
}

const paragraphs: Paragraph[] = [];
for (const page of corpusPages()) {
  let article;
  try {
    article = extractArticle(page.html, page.url);
  } catch {
    continue;
  }
  const language = await detectLanguage(article.text, article.lang);
  for (const line of article.text.split('\n')) {
    const letters = line.match(/\p{L}/gu)?.length ?? 0;
    if (letters >= 20) paragraphs.push({ page: page.id, text: line, language, letters, ranked: await rank(line) });
  }
}
const languages = new Map<string, number>();
for (const p of paragraphs) languages.set(p.language, (languages.get(p.language) ?? 0) + 1);
console.log(`${paragraphs.length} paragraphs of 20 letters or more: ${[...languages].map(([l, n]) => `${l} ${n}`).join(', ')}`);

/** The language a paragraph switches to from `around`, under one rule, or null. */
const switchTo = (p: Paragraph, around: string, minLetters: number, margin: number, lead: number): string | null => {
  if (p.letters < minLetters) return null;
  const [best, second] = [...p.ranked.entries()];
  if (!best || best[0] === around) return null;
  if (second && 1 - second[1] < lead) return null;
  return 1 - (p.ranked.get(around) ?? 0) >= margin ? best[0] : null;
};

const wrongs = new Map<string, number>();
console.log('\nletters  margin  lead  false switches (own page)  right switches (as a teaser)  wrong-language switches');
for (const minLetters of [40, 60, 80, 100, 150]) {
  for (const [margin, lead] of [[0.05, 0], [0.1, 0], [0.05, 0.05], [0.1, 0.05], [0.1, 0.1], [0.15, 0.1]] as const) {
    let own = 0;
    let ownAll = 0;
    let right = 0;
    let wrong = 0;
    let teasers = 0;
    for (const p of paragraphs) {
      if (p.letters < minLetters) continue;
      ownAll++;
      if (switchTo(p, p.language, minLetters, margin, lead)) own++;
      // the same paragraph as a teaser on a page in another language: English, or French for an English one
      const around = p.language === 'en' ? 'fr' : 'en';
      teasers++;
      const to = switchTo(p, around, minLetters, margin, lead);
      if (to === p.language) right++;
      else if (to) {
        wrong++;
        if (minLetters === 60 && margin === 0.1 && lead === 0.05) wrongs.set(`${p.language} → ${to}`, (wrongs.get(`${p.language} → ${to}`) ?? 0) + 1);
      }
    }
    const pct = (n: number, of: number) => `${n}/${of} (${((100 * n) / Math.max(1, of)).toFixed(1)}%)`;
    console.log(`${String(minLetters).padStart(7)}  ${margin.toFixed(2).padStart(6)}  ${lead.toFixed(2)}  ${pct(own, ownAll).padStart(25)}  ${pct(right, teasers).padStart(29)}  ${pct(wrong, teasers).padStart(23)}`);
  }
}
// The rule as shipped (paragraphLanguage), by the paragraph's own language.
const shipped = new Map<string, { own: number; right: number; wrong: number; all: number }>();
for (const p of paragraphs) {
  const t = shipped.get(p.language) ?? { own: 0, right: 0, wrong: 0, all: 0 };
  t.all++;
  if (await paragraphLanguage(p.text, p.language)) t.own++;
  const to = await paragraphLanguage(p.text, p.language === 'en' ? 'fr' : 'en');
  if (to === p.language) t.right++;
  else if (to) t.wrong++;
  shipped.set(p.language, t);
}
console.log('\nparagraphLanguage as shipped (paragraphs of 20 letters or more): language, false switches on its own page, right and wrong switches as a teaser');
for (const [language, t] of shipped) console.log(`  ${language}  ${t.own}/${t.all}  ${t.right}/${t.all}  ${t.wrong}/${t.all}`);
console.log(`\nwrong-language switches at 60 letters, margin 0.10, lead 0.05: ${[...wrongs].map(([k, n]) => `${k} ${n}`).join(', ')}`);
process.exit(0);
