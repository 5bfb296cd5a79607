/** French: the reading lexicon (words, units, abbreviations). */
import { frenchOrdinal, SHARED_UNITS, type Lexicon } from './lexicon.ts';

export const FR: Lexicon = {
  months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  percent: 'pour cent',
  to: 'à',
  scoreTo: 'à',
  outOf: 'sur',
  by: 'par',
  times: 'fois',
  point: 'point',
  weekdays: { lun: 'lundi', mar: 'mardi', mer: 'mercredi', jeu: 'jeudi', ven: 'vendredi', sam: 'samedi', dim: 'dimanche' },
  numbered: 'Chapitre|Partie|Tome|Volume|Acte|Scène|Phase|Section|Article|Titre|Épisode|Saison|Livre|Guerre mondiale',
  // French kings are counted, not ordered, except the first: "Louis XIV" → "Louis quatorze", "François Ier".
  regnal: (_, n) => (n === 1 ? 'premier' : String(n)),
  rulers:
    'Louis|Henri|Charles|François|Napoléon|Philippe|Jean|Paul|Benoît|Léon|Grégoire|Pie|Élisabeth|Édouard|' +
    'Guillaume|Jacques|Richard|Pierre|Catherine|Nicolas|Frédéric|Alexandre|Jean-Paul',
  and: 'et',
  degrees: 'degrés',
  currencies: {
    $: { one: 'dollar', many: 'dollars' }, '€': { one: 'euro', many: 'euros' }, '£': { one: 'livre', many: 'livres' },
    '¥': { one: 'yen', many: 'yens' }, '₹': { one: 'roupie', many: 'roupies' }, '₣': { one: 'franc', many: 'francs' },
  },
  magnitudes: {
    k: 'mille', md: 'milliards', mds: 'milliards', mrd: 'milliards', milliard: 'milliard', milliards: 'milliards',
    m: 'millions', mn: 'millions', million: 'million', millions: 'millions',
  },
  magnitudeOf: 'de',
  centsJoin: '',
  units: {
    ...SHARED_UNITS(['kilomètre', 'kilomètres'], 'par heure'),
    kg: ['kilogramme', 'kilogrammes'], cm: ['centimètre', 'centimètres'], mm: ['millimètre', 'millimètres'],
    Ko: ['kilo-octet', 'kilo-octets'], Mo: ['mégaoctet', 'mégaoctets'], Go: ['gigaoctet', 'gigaoctets'], To: ['téraoctet', 'téraoctets'],
    kW: ['kilowatt', 'kilowatts'], kWh: ['kilowattheure', 'kilowattheures'],
    MW: ['mégawatt', 'mégawatts'], GW: ['gigawatt', 'gigawatts'], MWh: ['mégawattheure', 'mégawattheures'],
  },
  time: (h, m) => `${h} ${h > 1 ? 'heures' : 'heure'}${m === 0 ? '' : ` ${m}`}`,
  date: (d, m, y) => `${d === 1 ? 'premier' : d} ${FR.months[m - 1]}${y === undefined ? '' : ` ${y}`}`,
  abbreviations: [
    [/\bp\.\s?ex\./g, 'par exemple'],
    [/\betc\.(?=\s+\p{Lu}|\s*$)/gu, 'et cetera.'],
    [/\betc\./g, 'et cetera'],
    [/\bM\.(?=\s+\p{Lu})/gu, 'Monsieur'],
    [/\bMme(?=\s+\p{Lu})/gu, 'Madame'],
    [/\bMlle(?=\s+\p{Lu})/gu, 'Mademoiselle'],
    [/\bDr(?=\s+\p{Lu})/gu, 'Docteur'],
    [/\bn[°o]\s?(?=\d)/g, 'numéro '],
    [/\bav\.\s?J\.-C\./g, 'avant Jésus-Christ'],
    [/\b(\p{Lu}\p{Ll}+) Ier\b/gu, '$1 premier'],
    [/\bapr\.\s?J\.-C\./g, 'après Jésus-Christ'],
  ],
};
