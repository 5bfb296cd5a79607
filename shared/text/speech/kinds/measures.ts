/**
 * Units with superscripts and compound units, in each language: "12 mm²" → "12 square millimeters"
 * ("Quadratmillimeter", "millimètres carrés", "milímetros cuadrados"), "x²" → "x squared", "5 mg/dL"
 * → "5 milligrams per deciliter". Simple units after a number are each language's lexicon's.
 */
import type { ReadingLanguage } from '../language.ts';

type Forms = [string, string];

interface MeasureWords {
  /** Units a superscript or a "per" applies to: [one, many]. */
  units: Record<string, Forms>;
  square(unit: Forms, many: boolean): string;
  cube(unit: Forms, many: boolean): string;
  per: string;
  /** "km/h" named alone: "kilometers per hour", "chilometri orari". */
  hourly: string;
  /** A letter or a bracket raised to a power: "x squared", "x hoch drei". */
  power(base: string, exponent: number): string;
}

const pick = (unit: Forms, many: boolean) => (many ? unit[1] : unit[0]);

const WORDS: Record<ReadingLanguage, MeasureWords> = {
  en: {
    units: {
      mm: ['millimeter', 'millimeters'], cm: ['centimeter', 'centimeters'], m: ['meter', 'meters'], km: ['kilometer', 'kilometers'],
      in: ['inch', 'inches'], ft: ['foot', 'feet'], yd: ['yard', 'yards'], mi: ['mile', 'miles'], g: ['gram', 'grams'],
      mg: ['milligram', 'milligrams'], kg: ['kilogram', 'kilograms'], µg: ['microgram', 'micrograms'], L: ['liter', 'liters'],
      l: ['liter', 'liters'], dL: ['deciliter', 'deciliters'], mL: ['milliliter', 'milliliters'], ml: ['milliliter', 'milliliters'],
      s: ['second', 'seconds'], h: ['hour', 'hours'], min: ['minute', 'minutes'], mmol: ['millimole', 'millimoles'], mol: ['mole', 'moles'],
    },
    square: (unit, many) => `square ${pick(unit, many)}`,
    cube: (unit, many) => `cubic ${pick(unit, many)}`,
    per: 'per', hourly: 'per hour',
    power: (base, n) => (n === 2 ? `${base} squared` : n === 3 ? `${base} cubed` : `${base} to the power of ${n}`),
  },
  de: {
    units: {
      mm: ['Millimeter', 'Millimeter'], cm: ['Zentimeter', 'Zentimeter'], m: ['Meter', 'Meter'], km: ['Kilometer', 'Kilometer'],
      g: ['Gramm', 'Gramm'], mg: ['Milligramm', 'Milligramm'], kg: ['Kilogramm', 'Kilogramm'], l: ['Liter', 'Liter'], L: ['Liter', 'Liter'],
      ml: ['Milliliter', 'Milliliter'], dl: ['Deziliter', 'Deziliter'], s: ['Sekunde', 'Sekunden'], h: ['Stunde', 'Stunden'], min: ['Minute', 'Minuten'],
    },
    square: (unit) => `Quadrat${unit[0].toLowerCase()}`,
    cube: (unit) => `Kubik${unit[0].toLowerCase()}`,
    per: 'pro', hourly: 'pro Stunde',
    power: (base, n) => `${base} hoch ${n}`,
  },
  fr: {
    units: {
      mm: ['millimètre', 'millimètres'], cm: ['centimètre', 'centimètres'], m: ['mètre', 'mètres'], km: ['kilomètre', 'kilomètres'],
      g: ['gramme', 'grammes'], mg: ['milligramme', 'milligrammes'], kg: ['kilogramme', 'kilogrammes'], l: ['litre', 'litres'],
      L: ['litre', 'litres'], ml: ['millilitre', 'millilitres'], cl: ['centilitre', 'centilitres'], s: ['seconde', 'secondes'],
      h: ['heure', 'heures'], min: ['minute', 'minutes'],
    },
    square: (unit, many) => `${pick(unit, many)} ${many ? 'carrés' : 'carré'}`,
    cube: (unit, many) => `${pick(unit, many)} ${many ? 'cubes' : 'cube'}`,
    per: 'par', hourly: 'par heure',
    power: (base, n) => (n === 2 ? `${base} au carré` : n === 3 ? `${base} au cube` : `${base} puissance ${n}`),
  },
  es: {
    units: {
      mm: ['milímetro', 'milímetros'], cm: ['centímetro', 'centímetros'], m: ['metro', 'metros'], km: ['kilómetro', 'kilómetros'],
      g: ['gramo', 'gramos'], mg: ['miligramo', 'miligramos'], kg: ['kilogramo', 'kilogramos'], l: ['litro', 'litros'], L: ['litro', 'litros'],
      ml: ['mililitro', 'mililitros'], s: ['segundo', 'segundos'], h: ['hora', 'horas'], min: ['minuto', 'minutos'],
    },
    square: (unit, many) => `${pick(unit, many)} ${many ? 'cuadrados' : 'cuadrado'}`,
    cube: (unit, many) => `${pick(unit, many)} ${many ? 'cúbicos' : 'cúbico'}`,
    per: 'por', hourly: 'por hora',
    power: (base, n) => (n === 2 ? `${base} al cuadrado` : n === 3 ? `${base} al cubo` : `${base} a la ${n}`),
  },
  it: {
    units: {
      mm: ['millimetro', 'millimetri'], cm: ['centimetro', 'centimetri'], m: ['metro', 'metri'], km: ['chilometro', 'chilometri'],
      g: ['grammo', 'grammi'], mg: ['milligrammo', 'milligrammi'], kg: ['chilogrammo', 'chilogrammi'], l: ['litro', 'litri'], L: ['litro', 'litri'],
      ml: ['millilitro', 'millilitri'], s: ['secondo', 'secondi'], h: ['ora', 'ore'], min: ['minuto', 'minuti'],
    },
    square: (unit, many) => `${pick(unit, many)} ${many ? 'quadrati' : 'quadrato'}`,
    cube: (unit, many) => `${pick(unit, many)} ${many ? 'cubi' : 'cubo'}`,
    per: 'al', hourly: 'orari',
    power: (base, n) => (n === 2 ? `${base} al quadrato` : n === 3 ? `${base} al cubo` : `${base} alla ${n}`),
  },
  pt: {
    units: {
      mm: ['milímetro', 'milímetros'], cm: ['centímetro', 'centímetros'], m: ['metro', 'metros'], km: ['quilómetro', 'quilómetros'],
      g: ['grama', 'gramas'], mg: ['miligrama', 'miligramas'], kg: ['quilograma', 'quilogramas'], l: ['litro', 'litros'], L: ['litro', 'litros'],
      ml: ['mililitro', 'mililitros'], s: ['segundo', 'segundos'], h: ['hora', 'horas'], min: ['minuto', 'minutos'],
    },
    square: (unit, many) => `${pick(unit, many)} ${many ? 'quadrados' : 'quadrado'}`,
    cube: (unit, many) => `${pick(unit, many)} ${many ? 'cúbicos' : 'cúbico'}`,
    per: 'por', hourly: 'por hora',
    power: (base, n) => (n === 2 ? `${base} ao quadrado` : n === 3 ? `${base} ao cubo` : `${base} elevado a ${n}`),
  },
  ru: {
    // Russian counts by case ("5 метров"): the genitive plural after most numbers, the voice inflecting the number
    units: {
      mm: ['миллиметр', 'миллиметров'], cm: ['сантиметр', 'сантиметров'], m: ['метр', 'метров'], km: ['километр', 'километров'],
      g: ['грамм', 'граммов'], mg: ['миллиграмм', 'миллиграммов'], kg: ['килограмм', 'килограммов'], l: ['литр', 'литров'], L: ['литр', 'литров'],
      ml: ['миллилитр', 'миллилитров'], s: ['секунда', 'секунд'], h: ['час', 'часов'], min: ['минута', 'минут'],
    },
    square: (unit, many) => `${many ? 'квадратных' : 'квадратный'} ${pick(unit, many)}`,
    cube: (unit, many) => `${many ? 'кубических' : 'кубический'} ${pick(unit, many)}`,
    per: 'на', hourly: 'в час',
    power: (base, n) => (n === 2 ? `${base} в квадрате` : n === 3 ? `${base} в кубе` : `${base} в степени ${n}`),
  },
};

const LENGTHS = 'mm|cm|km|m|in|ft|yd|mi';
const AMOUNT = String.raw`(\d{1,12}(?:[.,\u00A0\u202F ]\d{1,3}){0,5})`;
// "50 m²", "12 mm2", "3 km³": an area or a volume after a number.
const AREA = new RegExp(`${AMOUNT}\\s?(${LENGTHS})([²³]|[23](?![\\d.,]?\\d))(?![\\p{L}\\d])`, 'gu');
// "mm²", "km/h", "%" with no number: a unit named, in the plural.
const BARE_AREA = new RegExp(`(?<![\\p{L}\\d])(${LENGTHS})([²³])(?![\\p{L}\\d])`, 'gu');
const PERCENT: Record<ReadingLanguage, string> = { en: 'percent', de: 'Prozent', fr: 'pour cent', es: 'por ciento', it: 'per cento', pt: 'por cento', ru: 'процентов' };
// "x²", "(a+b)³", "10⁶" with no unit: a power.
// "10⁻⁶ m", "10¹²": a negative or longer exponent (a lone "¹" or "⁰" is a footnote's mark), and the unit after it.
const POWER = Object.fromEntries(
  Object.entries(WORDS).map(([language, words]) => {
    const units = Object.keys(words.units).sort((a, b) => b.length - a.length).join('|');
    return [language, new RegExp(`([\\p{L})\\d])(⁻)?([⁰¹²³⁴-⁹]{1,3})(?:\\s(${units})(?![\\p{L}\\d/]))?`, 'gu')];
  }),
) as Record<ReadingLanguage, RegExp>;
const RAISED = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function isMany(amount: string): boolean {
  return !/^1(?:[.,]0+)?$/.test(amount);
}

// Each language's compound units, after a number and alone, made once.
const COMPOUNDS = Object.fromEntries(
  Object.entries(WORDS).map(([language, words]) => {
    const units = Object.keys(words.units).sort((a, b) => b.length - a.length).join('|');
    return [language, {
      counted: new RegExp(`${AMOUNT}\\s?(${units})\\/(${units})(?![\\p{L}\\d/])`, 'gu'),
      alone: new RegExp(`(?<![\\p{L}\\d/])(${units})\\/(${units})(?![\\p{L}\\d/])`, 'gu'),
    }];
  }),
) as Record<ReadingLanguage, { counted: RegExp; alone: RegExp }>;

// An amount with its sign or unit, a slash, then perhaps a count and a unit: "€/m²", "l/100 km", "g/24 h".
const PER_MEASURE = Object.fromEntries(
  Object.entries(WORDS).map(([language, words]) => {
    const units = Object.keys(words.units).sort((a, b) => b.length - a.length).join('|');
    return [language, new RegExp(`(\\d\\s?(?:[€$£¥₹₽]|${units}|\\p{L}{1,4}))\\/\\s?(?:(\\d{1,4})\\s?)?(${units})([²³]|[23](?!\\d))?(?![\\p{L}\\d/])`, 'gu')];
  }),
) as Record<ReadingLanguage, RegExp>;

export function readMeasures(text: string, language: ReadingLanguage): string {
  if (!/[²³⁴-⁹⁻¹⁰%/]|\d\s?(?:mm|cm|km|m|in|ft|yd|mi)[23]/.test(text)) return text; // a superscript, a slash or a percent sign
  const words = WORDS[language];
  const { counted: compound, alone } = COMPOUNDS[language];
  return text
    // "14 €/m²", "6,5 l/100 km", "3.2 g/24 h": a price or an amount per a measure
    .replace(PER_MEASURE[language], (all, amount: string, count: string | undefined, unit: string, power: string | undefined) => {
      if (/(?:km|m)\/h$|m\/s$/.test(all)) return all; // each lexicon's own
      const forms = words.units[unit]!;
      const many = count !== undefined && isMany(count);
      const named = power === '²' || power === '2' ? words.square(forms, many) : power ? words.cube(forms, many) : pick(forms, many);
      return `${amount} ${words.per} ${count ? `${count} ` : ''}${named}`;
    })
    .replace(AREA, (all, n: string, unit: string, power: string) => {
      const forms = words.units[unit];
      if (!forms) return all;
      const cubic = power === '³' || power === '3';
      return `${n} ${cubic ? words.cube(forms, isMany(n)) : words.square(forms, isMany(n))}`;
    })
    .replace(compound, (all, n: string, top: string, bottom: string) => {
      if (`${top}/${bottom}` === 'km/h' || `${top}/${bottom}` === 'm/s') return all; // each lexicon's own
      return `${n} ${pick(words.units[top]!, isMany(n))} ${words.per} ${words.units[bottom]![0]}`;
    })
    .replace(BARE_AREA, (all, unit: string, power: string) => {
      const forms = words.units[unit];
      return forms ? (power === '³' ? words.cube(forms, true) : words.square(forms, true)) : all;
    })
    // "m/m" is a change month on month, not a unit per itself
    .replace(alone, (all, top: string, bottom: string) => top === bottom ? all :
      (`${top}/${bottom}` === 'km/h' ? `${words.units.km![1]} ${words.hourly}` : `${words.units[top]![1]} ${words.per} ${words.units[bottom]![0]}`))
    .replace(/(?<=^|\s)%(?=\s|$)/gm, PERCENT[language])
    .replace(POWER[language], (all, base: string, minus: string | undefined, raised: string, unit: string | undefined) => {
      if (!minus && /^[⁰¹]$/.test(raised)) return all;
      const exponent = Number([...raised].map((c) => RAISED.indexOf(c)).join(''));
      // a negative power is said "to the power of minus six"; the sign's word comes with the signs
      const power = words.power(base === ')' ? '' : base, minus ? -exponent : exponent).trim();
      return unit ? `${power} ${words.units[unit]![1]}` : power;
    });
}
