/** Italian: the reading lexicon (words, units, abbreviations). */
import { ordinalOf } from '../speech-numbers.ts';
import { SHARED_UNITS, type Lexicon } from './lexicon.ts';

/** 3 → "terzo" ("terza" when feminine). */
export function italianOrdinal(n: number, feminine = false): string {
  const word = ordinalOf(n, 'it');
  return feminine ? word.replace(/o$/, 'a') : word;
}

export const IT: Lexicon = {
  months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  percent: 'per cento',
  to: 'a',
  scoreTo: 'a',
  outOf: 'su',
  by: 'per',
  times: 'volte',
  point: 'punto',
  weekdays: { lun: 'lunedì', mar: 'martedì', mer: 'mercoledì', gio: 'giovedì', ven: 'venerdì', sab: 'sabato', dom: 'domenica' },
  numbered: 'Capitolo|Parte|Tomo|Volume|Atto|Scena|Fase|Sezione|Articolo|Titolo|Episodio|Stagione|Libro|Guerra Mondiale',
  // Italian rulers and popes are ordinals: "Giovanni XXIII" → "Giovanni ventitreesimo".
  regnal: (name, n) => italianOrdinal(n, /a$/.test(name)),
  rulers:
    'Giovanni|Paolo|Pio|Benedetto|Leone|Gregorio|Vittorio Emanuele|Umberto|Carlo|Luigi|Enrico|Federico|Filippo|Francesco|' +
    'Elisabetta|Giacomo|Guglielmo|Innocenzo|Clemente|Alessandro|Giulio|Sisto|Urbano|Ferdinando|Pietro',
  and: 'e',
  degrees: 'gradi',
  currencies: {
    $: { one: 'dollaro', many: 'dollari' }, '€': { one: 'euro', many: 'euro' }, '£': { one: 'sterlina', many: 'sterline' },
    '¥': { one: 'yen', many: 'yen' }, '₹': { one: 'rupia', many: 'rupie' }, '₣': { one: 'franco', many: 'franchi' },
  },
  magnitudes: { mila: 'mila', mln: 'milioni', milioni: 'milioni', milione: 'milione', mld: 'miliardi', miliardi: 'miliardi', miliardo: 'miliardo' },
  magnitudeOf: 'di',
  centsJoin: 'e',
  units: {
    g: ['grammo', 'grammi'], mg: ['milligrammo', 'milligrammi'], ml: ['millilitro', 'millilitri'], l: ['litro', 'litri'], m: ['metro', 'metri'],
    min: ['minuto', 'minuti'],
    ...SHARED_UNITS(['chilometro', 'chilometri'], 'orari'),
    kg: ['chilogrammo', 'chilogrammi'], cm: ['centimetro', 'centimetri'], mm: ['millimetro', 'millimetri'],
    KB: ['kilobyte', 'kilobyte'], MB: ['megabyte', 'megabyte'], GB: ['gigabyte', 'gigabyte'], TB: ['terabyte', 'terabyte'],
    kW: ['chilowatt', 'chilowatt'], kWh: ['chilowattora', 'chilowattora'], MW: ['megawatt', 'megawatt'],
  },
  time: (h, m) => (m === 0 ? `${h}` : `${h} e ${m}`),
  date: (d, m, y) => `${d === 1 ? 'primo' : d} ${IT.months[m - 1]}${y === undefined ? '' : ` ${y}`}`,
  ordinal: italianOrdinal,
  inContext: {
    'ca.': { always: 'circa' },
    'tel.': { always: 'telefono' },
    'Tel.': { always: 'telefono' },
    'pag.': { always: 'pagina' },
    'sig.': { beforeName: 'signor' },
    'Sig.': { beforeName: 'signor' },
    'Sig.ra': { beforeName: 'signora' },
    'Dott.': { beforeName: 'dottor' },
    'Prof.': { beforeName: 'professor' },
    'S.': { beforeName: 'San' },
    'max.': { always: 'massimo' },
    'min.': { afterNumber: ['minuto', 'minuti'] },
    'art.': { always: 'articolo' },
    'ecc.': { always: 'eccetera' },
  },
  abbreviations: [
    [/\bn\.\s?(?=\d)/g, 'numero '],
    [/\ba\.\s?C\./g, 'avanti Cristo'],
    [/\bd\.\s?C\./g, 'dopo Cristo'],
    [/\bp\.\s?es\./g, 'per esempio'],
  ],
};
