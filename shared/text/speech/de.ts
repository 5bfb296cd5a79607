/** German: the reading lexicon (words, units, abbreviations). */
import { germanOrdinal, SHARED_UNITS, type Lexicon } from './lexicon.ts';

const DE_FEMININE_RULERS = /^(?:Elisabeth|Maria|Katharina|Viktoria|Isabella|Christina|Margarethe|Anna|Johanna)$/;

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// A ruler's number takes the case of the preposition before the name (and a title): "unter Karl V." is
// "unter Karl dem Fünften", "für Ludwig II." "für Ludwig den Zweiten".
const TITLE = '(?:(?:König|Kaiser|Papst|Kurfürst|Herzog|Zar|Fürst|Graf|Königin|Kaiserin|Zarin|Herzogin)\\s)?';
const DATIVE = new RegExp(`(?:^|\\s)(?:unter|mit|von|vom|bei|beim|nach|seit|zu|zum|zur|aus|gegenüber|neben|dem)\\s${TITLE}$`, 'i');
const ACCUSATIVE = new RegExp(`(?:^|\\s)(?:für|gegen|durch|ohne|um|den)\\s${TITLE}$`, 'i');
const GENITIVE = new RegExp(`(?:^|\\s)(?:während|wegen|trotz|des)\\s${TITLE}$`, 'i');

function germanRegnal(name: string, n: number, before: string): string {
  const feminine = DE_FEMININE_RULERS.test(name);
  const [article, ending] = DATIVE.test(before) ? [feminine ? 'der' : 'dem', 'en'] as const
    : ACCUSATIVE.test(before) ? [feminine ? 'die' : 'den', feminine ? 'e' : 'en'] as const
      : GENITIVE.test(before) ? [feminine ? 'der' : 'des', 'en'] as const
        : [feminine ? 'die' : 'der', 'e'] as const;
  return `${article} ${capitalize(germanOrdinal(n, ending))}`;
}


export const DE: Lexicon = {
  months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  percent: 'Prozent',
  to: 'bis',
  scoreTo: 'zu',
  outOf: 'von',
  by: 'mal',
  times: 'mal',
  point: 'Punkt',
  weekdays: { Mo: 'Montag', Di: 'Dienstag', Mi: 'Mittwoch', Do: 'Donnerstag', Fr: 'Freitag', Sa: 'Samstag', So: 'Sonntag' },
  numbered: 'Kapitel|Teil|Band|Akt|Szene|Phase|Abschnitt|Artikel|Folge|Staffel|Stufe|Klasse|Typ|Anhang|Buch',
  regnal: germanRegnal,
  rulers:
    'Elisabeth|Heinrich|Ludwig|Karl|Friedrich|Wilhelm|Georg|Eduard|Johannes|Paul|Benedikt|Leo|Gregor|Richard|Philipp|' +
    'Peter|Katharina|Maria|Alexander|Ferdinand|Otto|Rudolf|Franz|Joseph|Leopold|Maximilian|Pius|Viktoria|Jakob|Johann',
  and: 'und',
  degrees: 'Grad',
  currencies: {
    $: { one: 'Dollar', many: 'Dollar' }, '€': { one: 'Euro', many: 'Euro' }, '£': { one: 'Pfund', many: 'Pfund' },
    '¥': { one: 'Yen', many: 'Yen' }, '₹': { one: 'Rupie', many: 'Rupien' }, '₣': { one: 'Franken', many: 'Franken' },
  },
  magnitudes: {
    'tsd.': 'Tausend', tausend: 'Tausend', 'mio.': 'Millionen', mio: 'Millionen', millionen: 'Millionen', million: 'Million',
    'mrd.': 'Milliarden', mrd: 'Milliarden', milliarden: 'Milliarden', milliarde: 'Milliarde', 'bio.': 'Billionen', billionen: 'Billionen',
  },
  magnitudeOf: '',
  centsJoin: '',
  units: {
      g: ['Gramm', 'Gramm'], mg: ['Milligramm', 'Milligramm'], ml: ['Milliliter', 'Milliliter'], l: ['Liter', 'Liter'], m: ['Meter', 'Meter'],
    ...SHARED_UNITS(['Kilometer', 'Kilometer'], 'pro Stunde'),
    kg: ['Kilogramm', 'Kilogramm'], cm: ['Zentimeter', 'Zentimeter'], mm: ['Millimeter', 'Millimeter'],
    KB: ['Kilobyte', 'Kilobyte'], MB: ['Megabyte', 'Megabyte'], GB: ['Gigabyte', 'Gigabyte'], TB: ['Terabyte', 'Terabyte'],
    kW: ['Kilowatt', 'Kilowatt'], kWh: ['Kilowattstunde', 'Kilowattstunden'], Std: ['Stunde', 'Stunden'],
    MW: ['Megawatt', 'Megawatt'], GW: ['Gigawatt', 'Gigawatt'], MWh: ['Megawattstunde', 'Megawattstunden'],
    PS: ['PS', 'PS'], Nm: ['Newtonmeter', 'Newtonmeter'],
    Min: ['Minute', 'Minuten'], Sek: ['Sekunde', 'Sekunden'],
  },
  time: (h, m) => (m === 0 ? `${h} Uhr` : `${h} Uhr ${m}`),
  date: (d, m, y) => `${d}. ${DE.months[m - 1]}${y === undefined ? '' : ` ${y}`}`,
  inContext: {
    'Str.': { afterNumber: ['Straße', 'Straße'], beforeName: 'Straße', afterName: 'Straße', always: 'Straße' },
    'Nr.': { always: 'Nummer' },
    'Tel.': { always: 'Telefon' },
    'inkl.': { always: 'inklusive' },
    'evtl.': { always: 'eventuell' },
    'ggf.': { always: 'gegebenenfalls' },
    'vgl.': { always: 'vergleiche' },
    'bspw.': { always: 'beispielsweise' },
    'Jh.': { always: 'Jahrhundert' },
    'Hr.': { beforeName: 'Herr' },
    'Fr.': { beforeName: 'Frau' },
    TL: { afterNumber: ['Teelöffel', 'Teelöffel'] },
    EL: { afterNumber: ['Esslöffel', 'Esslöffel'] },
    'Std.': { afterNumber: ['Stunde', 'Stunden'], always: 'Stunde' },
    'tägl.': { always: 'täglich' },
    'wöch.': { always: 'wöchentlich' },
    'mind.': { always: 'mindestens' },
    'max.': { always: 'maximal' },
    'min.': { always: 'minimal' },
    'zzgl.': { always: 'zuzüglich' },
    'ggü.': { always: 'gegenüber' },
    'Abs.': { always: 'Absatz' },
    'Art.': { always: 'Artikel' },
    'Bd.': { always: 'Band' },
    'geb.': { always: 'geboren' },
    'gest.': { always: 'gestorben' },
    'Hbf.': { always: 'Hauptbahnhof' },
    'Tabl.': { afterNumber: ['Tablette', 'Tabletten'] },
    'Pkt.': { afterNumber: ['Punkt', 'Punkte'] },
    'Einw.': { afterNumber: ['Einwohner', 'Einwohner'] },
    'S.': { afterNumber: ['Seite', 'Seiten'] },
    'Min.': { afterNumber: ['Minute', 'Minuten'] },
  },
  abbreviations: [
    [/\bz\.\s?B\./g, 'zum Beispiel'],
    [/\bz\.\s?T\./g, 'zum Teil'],
    [/\bv\.\s?a\./g, 'vor allem'],
    [/\bi\.\s?d\.\s?R\./g, 'in der Regel'],
    [/\bu\.\s?U\./g, 'unter Umständen'],
    [/\bS\.\s?(?=\d)/g, 'Seite '],
    [/\bZ\.\s?B\./g, 'Zum Beispiel'],
    // "Hauptstr. 5": a street's name with its abbreviation joined
    [/(\p{Ll})str\.(?=\s|,|$)/gu, '$1straße'],
    [/\bs\.\s?o\./g, 'siehe oben'],
    [/\bs\.\s?u\./g, 'siehe unten'],
    [/\bo\.\s?Ä\./g, 'oder Ähnliches'],
    [/\bd\.\s?h\./g, 'das heißt'],
    [/\bu\.\s?a\./g, 'unter anderem'],
    [/\busw\./g, 'und so weiter'],
    [/\bbzw\./g, 'beziehungsweise'],
    [/\bca\.(?=\s)/g, 'circa'],
    [/\bNr\.\s?(?=\d)/g, 'Nummer '],
    [/\bDr\.(?=\s+\p{Lu})/gu, 'Doktor'],
    [/\bProf\.(?=\s+\p{Lu})/gu, 'Professor'],
    [/\bSt\.(?=\s+\p{Lu})/gu, 'Sankt'],
    [/\bv\.\s?Chr\./g, 'vor Christus'],
    [/\bn\.\s?Chr\./g, 'nach Christus'],
  ],
};
