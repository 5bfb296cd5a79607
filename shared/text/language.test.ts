import { describe, expect, it } from 'vitest';
import { detectLanguage, normaliseLanguage, paragraphLanguage } from './language.ts';
import { GERMAN_ARTICLE_PARAGRAPHS } from '../testing/german-article.ts';

const GERMAN =
  'Die Bundesregierung hat am Mittwoch beschlossen, dass die Renten im kommenden Jahr stärker steigen sollen als erwartet. ' +
  'Die Opposition kritisierte den Plan als unbezahlbar und kündigte Widerstand im Bundestag an.';
const FRENCH =
  "Le gouvernement a annoncé mercredi une réforme des retraites qui doit entrer en vigueur l'année prochaine. " +
  "Les syndicats ont appelé à une grève nationale et l'opposition promet de combattre le texte à l'Assemblée.";
const ARABIC =
  'أعلنت الحكومة يوم الأربعاء عن إصلاح جديد لنظام التقاعد سيدخل حيز التنفيذ في العام المقبل، ' +
  'ودعت النقابات إلى إضراب وطني بينما تعهدت المعارضة بمحاربة النص في البرلمان.';
const ENGLISH =
  'The government announced on Wednesday that pensions will rise faster next year than expected. ' +
  'The opposition called the plan unaffordable and promised to fight it in parliament.';
const SPANISH =
  'El gobierno anunció el miércoles una reforma de las pensiones que entrará en vigor el próximo año. ' +
  'Los sindicatos convocaron una huelga nacional y la oposición prometió combatir el texto en el Congreso.';
const FINNISH =
  'Hallitus ilmoitti keskiviikkona, että eläkkeet nousevat ensi vuonna odotettua enemmän. ' +
  'Oppositio piti suunnitelmaa kohtuuttoman kalliina ja lupasi vastustaa sitä eduskunnassa.';

// Whole articles (franc's scores for a long text crowd near 1, so these are what a lying lang attribute meets).
const GERMAN_ARTICLE = GERMAN_ARTICLE_PARAGRAPHS.join(' ');
const ENGLISH_ARTICLE = [
  'Anyone who tried to take the train from Boston to New York this winter learned to bring a book and a lot of patience.',
  'For weeks, trains were cancelled because switches froze, signal boxes failed and there were not enough crews.',
  'Amtrak promises that things will improve and points to a repair program that is supposed to last until the end of the decade.',
  'Many commuters have lost faith anyway and are driving again, even though the traffic jams keep getting longer.',
  'A teacher from Providence says she was late for school on eleven of twenty working days in January.',
  'Her principal was understanding, she said, but the children waited half an hour without a lesson every time.',
  'A passenger group is now asking for higher refunds and for an independent office that checks every delay.',
  'The transportation department says it takes the criticism seriously, but the money for new track was spent long ago.',
].join(' ');
const FRENCH_ARTICLE = [
  "Le gouvernement a présenté mercredi un plan pour rénover les lignes de train régionales d'ici à la fin de la décennie.",
  'Les usagers se plaignent depuis des mois de retards, de suppressions et de rames bondées aux heures de pointe.',
  "Une enseignante de Lille raconte qu'elle est arrivée en retard onze jours sur vingt au mois de janvier.",
  "Les associations d'usagers réclament de meilleurs remboursements et un organisme indépendant pour contrôler les retards.",
  "Le ministère assure qu'il prend ces critiques au sérieux, mais rappelle que les budgets sont déjà engagés.",
].join(' ');
const SPANISH_ARTICLE = [
  'El gobierno presentó el miércoles un plan para renovar las líneas de tren regionales antes del final de la década.',
  'Los usuarios se quejan desde hace meses de retrasos, cancelaciones y vagones llenos en las horas punta.',
  'Una profesora de Zaragoza cuenta que llegó tarde al colegio once de veinte días laborables en enero.',
  'Las asociaciones de viajeros piden mejores indemnizaciones y un organismo independiente que revise cada retraso.',
  'El ministerio asegura que se toma en serio las críticas, pero recuerda que el dinero ya está comprometido.',
].join(' ');

describe('detectLanguage', () => {
  it.each([
    ['German', GERMAN, 'de'],
    ['French', FRENCH, 'fr'],
    ['Arabic', ARABIC, 'ar'],
    ['English', ENGLISH, 'en'],
    ['Spanish', SPANISH, 'es'],
    ['Finnish', FINNISH, 'fi'],
  ])('detects %s from the text', async (_name, text, language) => {
    expect(await detectLanguage(text)).toBe(language);
  });

  it("takes the page's declared language when the text agrees", async () => {
    expect(await detectLanguage(GERMAN, 'de-DE')).toBe('de');
    expect(await detectLanguage(FRENCH, 'fr_CA')).toBe('fr');
  });

  it("prefers the text when a page's declaration is a template's lie", async () => {
    expect(await detectLanguage(GERMAN, 'en')).toBe('de');
    expect(await detectLanguage(ARABIC, 'en-US')).toBe('ar');
  });

  it.each([
    ['German article with lang="en"', GERMAN_ARTICLE, 'en', 'de'],
    ['English article with lang="de"', ENGLISH_ARTICLE, 'de-DE', 'en'],
    ['Spanish article with lang="fr"', SPANISH_ARTICLE, 'fr', 'es'],
    ['French article with lang="es"', FRENCH_ARTICLE, 'es', 'fr'],
    ['Russian text with lang="en"', 'Правительство в среду представило план обновления региональных железных дорог до конца десятилетия. Пассажиры месяцами жалуются на задержки.', 'en', 'ru'],
  ])('lets the text overrule a lying attribute: %s', async (_name, text, declared, language) => {
    expect(await detectLanguage(text, declared)).toBe(language);
  });

  it.each([
    ['German', GERMAN_ARTICLE, 'de'],
    ['English', ENGLISH_ARTICLE, 'en'],
    ['French', FRENCH_ARTICLE, 'fr'],
    ['Spanish', SPANISH_ARTICLE, 'es'],
  ])('keeps a truthful attribute on a whole %s article', async (_name, text, declared) => {
    expect(await detectLanguage(text, declared)).toBe(declared);
  });

  it('decides on the attribute when the text is too short or too ambiguous to overrule it', async () => {
    // One short line in either language's words: the page knows better than a guess.
    expect(await detectLanguage('Hotel, Restaurant und Bar am Marktplatz, mit Parkplatz.', 'en')).toBe('en');
    expect(await detectLanguage('Die Opposition kritisierte den Plan als unbezahlbar.', 'en')).toBe('en');
    // Placeholder Latin scores close to several languages: no language clearly wins over the page's.
    const lorem = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
    expect(await detectLanguage(lorem.repeat(2), 'en')).toBe('en');
  });

  it('follows the main script of mixed-script text', async () => {
    // English with a Russian quote and a Japanese name stays English; Japanese in mostly kanji stays Japanese.
    const english = `${ENGLISH_ARTICLE} The minister answered "Мы работаем над этим" and quoted 新幹線 as the model.`;
    expect(await detectLanguage(english, 'en')).toBe('en');
    expect(await detectLanguage(english, 'ru')).toBe('en');
    expect(await detectLanguage('東京都知事選挙結果発表、現職再選。投票率過去最低水準更新。', 'ja')).toBe('ja');
    expect(await detectLanguage('政府は水曜日、地方鉄道の路線を十年以内に改修する計画を発表しました。利用者は何か月も前から遅延や運休に不満を訴えています。', 'en')).toBe('ja');
  });

  it('trusts the declaration when the text is too short to tell, or a language the detector does not know', async () => {
    expect(await detectLanguage('Guten Tag', 'de')).toBe('de');
    expect(await detectLanguage(ENGLISH, 'haw')).toBe('haw');
  });

  it('falls back to English when nothing tells', async () => {
    expect(await detectLanguage('')).toBe('en');
    expect(await detectLanguage('12345 67890 !!!', 'not a tag')).toBe('en');
    expect(await detectLanguage('🎧🎧🎧', 'und')).toBe('en');
  });

  it.each([
    ['de-AT', 'de'],
    ['EN', 'en'],
    ['iw', 'he'],
    ['no', 'nb'],
    ['', null],
    ['x-klingon', null],
    [null, null],
  ])('normalises the tag %j to %j', (tag, language) => {
    expect(normaliseLanguage(tag)).toBe(language);
  });
});

describe('paragraphLanguage', () => {
  it("gives a paragraph clearly in another language than the article's that language", async () => {
    expect(await paragraphLanguage(FRENCH, 'en')).toBe('fr');
    expect(await paragraphLanguage(ENGLISH, 'fr')).toBe('en');
    expect(await paragraphLanguage('Правительство сегодня одобрило бюджет на следующий год после месяцев переговоров с фракциями.', 'en')).toBe('ru');
  });

  it("keeps the article's language for its own paragraphs, short ones and close calls", async () => {
    expect(await paragraphLanguage(ENGLISH, 'en')).toBeNull();
    expect(await paragraphLanguage(FRENCH, 'fr-FR')).toBeNull();
    expect(await paragraphLanguage('Merci beaucoup, et à demain pour la suite !', 'en')).toBeNull();
    expect(await paragraphLanguage('At the Café de la Paix, Jean-Pierre Dupont ordered the crème brûlée and a pot-au-feu for the table.', 'en')).toBeNull();
    // Japanese written mostly in kanji reads as Chinese
    expect(await paragraphLanguage('東京都議会は本日、来年度予算案を賛成多数で可決した。知事は記者会見で財政健全化の重要性を強調した。東京都議会は本日、来年度予算案を賛成多数で可決した。', 'ja')).toBeNull();
  });
});
