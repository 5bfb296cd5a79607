import { describe, expect, it } from 'vitest';
import { detectLanguage, normaliseLanguage } from './language.ts';

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
