/** Spanish: the reading lexicon (words, units, abbreviations). */
import { SHARED_UNITS, spanishOrdinal, type Lexicon } from './lexicon.ts';

export const ES: Lexicon = {
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  percent: 'por ciento',
  to: 'a',
  scoreTo: 'a',
  outOf: 'de',
  by: 'por',
  times: 'veces',
  point: 'punto',
  weekdays: { lun: 'lunes', mar: 'martes', mié: 'miércoles', jue: 'jueves', vie: 'viernes', sáb: 'sábado', dom: 'domingo' },
  numbered: 'Capítulo|Parte|Tomo|Volumen|Acto|Escena|Fase|Sección|Artículo|Título|Episodio|Temporada|Libro|Guerra Mundial',
  // Spanish rulers are ordinals to ten, counted after: "Felipe VI" → "Felipe sexto", "Alfonso XIII" → "Alfonso trece".
  regnal: (_, n) => (n <= 10 ? spanishOrdinal(n) : String(n)),
  rulers:
    'Felipe|Carlos|Juan|Alfonso|Fernando|Isabel|Enrique|Luis|Pedro|Pablo|Benedicto|León|Gregorio|Pío|Jaime|' +
    'Sancho|Francisco|Juan Carlos|Juan Pablo',
  and: 'y',
  degrees: 'grados',
  currencies: {
    $: { one: 'dólar', many: 'dólares' }, '€': { one: 'euro', many: 'euros' }, '£': { one: 'libra', many: 'libras' },
    '¥': { one: 'yen', many: 'yenes' }, '₹': { one: 'rupia', many: 'rupias' },
  },
  magnitudes: {
    mil: 'mil', m: 'millones', mm: 'mil millones', millón: 'millón', millones: 'millones', 'mil millones': 'mil millones',
  },
  magnitudeOf: 'de',
  centsJoin: 'con',
  units: {
    ...SHARED_UNITS(['kilómetro', 'kilómetros'], 'por hora'),
    kg: ['kilogramo', 'kilogramos'], cm: ['centímetro', 'centímetros'], mm: ['milímetro', 'milímetros'],
    KB: ['kilobyte', 'kilobytes'], MB: ['megabyte', 'megabytes'], GB: ['gigabyte', 'gigabytes'], TB: ['terabyte', 'terabytes'],
    kW: ['kilovatio', 'kilovatios'], kWh: ['kilovatio hora', 'kilovatios hora'],
    MW: ['megavatio', 'megavatios'], GW: ['gigavatio', 'gigavatios'], MWh: ['megavatio hora', 'megavatios hora'],
  },
  time: (h, m) => (m === 0 ? `${h} en punto` : `${h} y ${m}`),
  date: (d, m, y) => `${d === 1 ? 'primero' : d} de ${ES.months[m - 1]}${y === undefined ? '' : ` de ${y}`}`,
  abbreviations: [
    [/\bp\.\s?ej\./g, 'por ejemplo'],
    [/\betc\.(?=\s+\p{Lu}|\s*$)/gu, 'etcétera.'],
    [/\betc\./g, 'etcétera'],
    [/\bSr\.(?=\s+\p{Lu})/gu, 'señor'],
    [/\bSra\.(?=\s+\p{Lu})/gu, 'señora'],
    [/\bDr\.(?=\s+\p{Lu})/gu, 'doctor'],
    [/\bDra\.(?=\s+\p{Lu})/gu, 'doctora'],
    [/\bnúm\.\s?(?=\d)/g, 'número '],
    [/\bEE\.\s?UU\./g, 'Estados Unidos'],
    [/\ba\.\s?C\./g, 'antes de Cristo'],
    [/\bd\.\s?C\./g, 'después de Cristo'],
  ],
};
