/** Portuguese: the reading lexicon (words, units, abbreviations). */
import { ordinalOf } from '../speech-numbers.ts';
import { SHARED_UNITS, type Lexicon } from './lexicon.ts';

/** 3 → "terceiro" ("terceira" when feminine). */
export function portugueseOrdinal(n: number, feminine = false): string {
  const word = ordinalOf(n, 'pt');
  return feminine ? word.replace(/o\b/g, 'a') : word;
}

export const PT: Lexicon = {
  months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  percent: 'por cento',
  to: 'a',
  scoreTo: 'a',
  outOf: 'de',
  by: 'por',
  times: 'vezes',
  point: 'ponto',
  weekdays: { seg: 'segunda', ter: 'terça', qua: 'quarta', qui: 'quinta', sex: 'sexta', sáb: 'sábado', dom: 'domingo' },
  numbered: 'Capítulo|Parte|Tomo|Volume|Ato|Cena|Fase|Secção|Seção|Artigo|Título|Episódio|Temporada|Livro|Guerra Mundial',
  // Portuguese rulers are ordinals to ten, counted after: "Pedro II" → "Pedro segundo".
  regnal: (name, n) => (n <= 10 ? portugueseOrdinal(n, /a$/.test(name)) : String(n)),
  rulers: 'Pedro|João|Manuel|Afonso|Sebastião|José|Maria|Luís|Carlos|Filipe|Dinis|Fernando|Duarte|Miguel|Bento|Pio|Paulo|Leão|Gregório',
  and: 'e',
  degrees: 'graus',
  currencies: {
    $: { one: 'dólar', many: 'dólares' }, '€': { one: 'euro', many: 'euros' }, '£': { one: 'libra', many: 'libras' },
    '¥': { one: 'iene', many: 'ienes' }, '₹': { one: 'rupia', many: 'rupias' }, 'R$': { one: 'real', many: 'reais' },
  },
  magnitudes: { mil: 'mil', mi: 'milhões', milhões: 'milhões', milhão: 'milhão', bi: 'bilhões', bilhões: 'bilhões', mil_milhões: 'mil milhões' },
  magnitudeOf: 'de',
  centsJoin: 'e',
  units: {
    g: ['grama', 'gramas'], mg: ['miligrama', 'miligramas'], ml: ['mililitro', 'mililitros'], l: ['litro', 'litros'], m: ['metro', 'metros'],
    min: ['minuto', 'minutos'],
    ...SHARED_UNITS(['quilómetro', 'quilómetros'], 'por hora'),
    kg: ['quilograma', 'quilogramas'], cm: ['centímetro', 'centímetros'], mm: ['milímetro', 'milímetros'],
    KB: ['kilobyte', 'kilobytes'], MB: ['megabyte', 'megabytes'], GB: ['gigabyte', 'gigabytes'], TB: ['terabyte', 'terabytes'],
    kW: ['quilowatt', 'quilowatts'], kWh: ['quilowatt-hora', 'quilowatts-hora'], MW: ['megawatt', 'megawatts'],
  },
  time: (h, m) => `${h} ${h === 1 ? 'hora' : 'horas'}${m === 0 ? '' : ` e ${m}`}`,
  date: (d, m, y) => `${d === 1 ? 'primeiro' : d} de ${PT.months[m - 1]}${y === undefined ? '' : ` de ${y}`}`,
  ordinal: portugueseOrdinal,
  hourMark: true,
  inContext: {
    'D.': { beforeName: 'Dom' },
    'Sr.': { beforeName: 'senhor' },
    'Sra.': { beforeName: 'senhora' },
    'Dr.': { beforeName: 'doutor' },
    'Dra.': { beforeName: 'doutora' },
    'Av.': { beforeName: 'Avenida' },
    'tel.': { always: 'telefone' },
    'pág.': { always: 'página' },
    'aprox.': { always: 'aproximadamente' },
    'máx.': { always: 'máximo' },
    'mín.': { always: 'mínimo' },
    'art.': { always: 'artigo' },
    'n.º': { always: 'número' },
    'nº': { always: 'número' },
  },
  abbreviations: [
    [/\ba\.\s?C\./g, 'antes de Cristo'],
    [/\bd\.\s?C\./g, 'depois de Cristo'],
    [/\bp\.\s?ex\./g, 'por exemplo'],
  ],
};
