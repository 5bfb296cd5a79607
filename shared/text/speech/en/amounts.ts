/** English amounts: degrees, money, percentages and units after a number. */

/** English degrees: "25°C" → "25 degrees Celsius". */
export function replaceDegrees(text: string): string {
  return text
    .replace(/°\s?([CF])\b/g, (_, unit: string) => (unit === 'C' ? ' degrees Celsius' : ' degrees Fahrenheit'))
    .replace(/(\d)\s?°/g, '$1 degrees');
}

const CURRENCIES: Record<string, { one: string; many: string; cent?: [string, string] }> = {
  $: { one: 'dollar', many: 'dollars', cent: ['cent', 'cents'] },
  // a country's dollar is written with its letters: "NZ$45", "HK$12.8 million", "C$120"
  US$: { one: 'US dollar', many: 'US dollars', cent: ['cent', 'cents'] },
  NZ$: { one: 'New Zealand dollar', many: 'New Zealand dollars', cent: ['cent', 'cents'] },
  HK$: { one: 'Hong Kong dollar', many: 'Hong Kong dollars', cent: ['cent', 'cents'] },
  C$: { one: 'Canadian dollar', many: 'Canadian dollars', cent: ['cent', 'cents'] },
  CA$: { one: 'Canadian dollar', many: 'Canadian dollars', cent: ['cent', 'cents'] },
  A$: { one: 'Australian dollar', many: 'Australian dollars', cent: ['cent', 'cents'] },
  AU$: { one: 'Australian dollar', many: 'Australian dollars', cent: ['cent', 'cents'] },
  S$: { one: 'Singapore dollar', many: 'Singapore dollars', cent: ['cent', 'cents'] },
  NT$: { one: 'New Taiwan dollar', many: 'New Taiwan dollars' },
  R$: { one: 'real', many: 'reais', cent: ['centavo', 'centavos'] },
  '₽': { one: 'ruble', many: 'rubles' },
  '₩': { one: 'won', many: 'won' },
  '€': { one: 'euro', many: 'euros', cent: ['cent', 'cents'] },
  '£': { one: 'pound', many: 'pounds', cent: ['penny', 'pence'] },
  '¥': { one: 'yen', many: 'yen' },
  '₹': { one: 'rupee', many: 'rupees' },
};
export const MAGNITUDES: Record<string, string> = {
  k: 'thousand', thousand: 'thousand', m: 'million', mn: 'million', million: 'million',
  b: 'billion', bn: 'billion', billion: 'billion', t: 'trillion', tn: 'trillion', trillion: 'trillion',
  lakh: 'lakh', lakhs: 'lakh', crore: 'crore', crores: 'crore',
};
const PER_UNITS: Record<string, string> = {
  mo: 'month', month: 'month', yr: 'year', year: 'year', y: 'year', wk: 'week', week: 'week', day: 'day', d: 'day',
  hr: 'hour', h: 'hour', hour: 'hour', min: 'minute', minute: 'minute', user: 'user', person: 'person', seat: 'seat',
};

function plural(amount: string, one: string, many: string): string {
  return amount === '1' ? one : many;
}

// An amount that describes the noun after it says its currency once, as a word before a noun does:
// "a $40 million bridge" → "a forty million dollar bridge". It follows a determiner (and perhaps one
// word such as "estimated") and comes before a word that is no preposition, verb or adverb.
const DETERMINER_BEFORE =
  /(?:^|[^\p{L}])(?:a|an|the|this|that|its|his|her|their|our|your|my|each|every|another)\s(?:(?:estimated|additional|extra|further|whopping|record|proposed|planned|reported|initial|new|annual|average|total|roughly|nearly|about|almost|just|only|mere)\s)?$/iu;
const NOT_NOUNS = new Set(
  ('in to of for from on at by with within without into onto over under after before since until than as per via a an the and or ' +
    'but nor so yet if then is was were are be been being will would could should can may might must shall has have had do does did ' +
    'that which who whom whose this these those there here it they he she we you i me him us them more less apiece each plus minus ' +
    'up down off out back too also already still now ago worth').split(' '),
);
const ADJECTIVES_IN_LY = new Set(['monthly', 'yearly', 'weekly', 'daily', 'quarterly', 'hourly', 'nightly', 'early', 'only']);

/** Whether an amount at `offset` in `text`, `length` long, describes the noun after it. */
function beforeNoun(text: string, offset: number, length: number): boolean {
  if (!DETERMINER_BEFORE.test(text.slice(Math.max(0, offset - 24), offset))) return false;
  const next = /^ ([\p{L}][\p{L}'’]*)(?![\p{L}'’-])/u.exec(text.slice(offset + length, offset + length + 40))?.[1];
  if (!next) return false;
  const word = next.toLowerCase();
  return !NOT_NOUNS.has(word) && !/ed$/.test(word) && (!/ly$/.test(word) || ADJECTIVES_IN_LY.has(word));
}

/** "$7.99" → "7 dollars and 99 cents", "$2.5bn" → "2.5 billion dollars", "€10/mo" → "10 euros per month". */
export function replaceMoney(text: string): string {
  return readCurrency(text)
    // "12p", "340p": pence (a video's lines are the identifiers' "1080p")
    .replace(/(?<![\p{L}\d.,])(\d{1,4}(?:\.\d{1,2})?)p\b/gu, (_, n: string) => `${n} ${n === '1' ? 'penny' : 'pence'}`);
}

function readCurrency(text: string): string {
  if (!/[$€£¥₹₽₩]/.test(text)) return text;
  return text.replace(
    /(?<![\p{L}\d])((?:US|NZ|HK|CA|AU|NT|[ACSR])\$|[$€£¥₹₽₩])\s?(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(?:\.(\d+))?(?:\s?(thousand|million|billion|trillion|lakhs?|crores?|k|mn|m|bn|b|tn|t)\b)?(?:\s?\/\s?(mo|month|yr|year|y|wk|week|day|d|hr|h|hour|min|minute|user|person|seat)\b)?/giu,
    (all: string, symbol: string, whole: string, fraction: string | undefined, magnitude: string | undefined, per: string | undefined, offset: number, input: string) => {
      const currency = CURRENCIES[symbol] ?? CURRENCIES.$!;
      const perText = per ? ` per ${PER_UNITS[per.toLowerCase()]}` : '';
      const describes = !per && beforeNoun(input, offset, all.length);
      const name = (amount: string) => (describes ? currency.one : plural(amount, currency.one, currency.many));
      if (magnitude) {
        const amount = fraction ? `${whole}.${fraction}` : whole;
        return `${amount} ${MAGNITUDES[magnitude.toLowerCase()]} ${describes ? currency.one : currency.many}${perText}`;
      }
      // "₹1,00,000": grouped the Indian way, the digits are the number
      const main = `${/^\d{1,2}(?:,\d{2})+,\d{3}$/.test(whole) ? whole.replace(/,/g, '') : whole} ${name(whole)}`;
      if (!fraction || /^0+$/.test(fraction)) return `${main}${perText}`;
      if (fraction.length !== 2 || !currency.cent) return `${whole}.${fraction} ${describes ? currency.one : currency.many}${perText}`;
      const cents = String(Number(fraction));
      const centText = `${cents} ${describes ? currency.cent[0] : plural(cents, ...currency.cent)}`;
      if (whole === '0') return `${centText}${perText}`;
      return `${main} and ${centText}${perText}`;
    },
  )
    // "$7.9 million dollars": the currency named after the amount as well is said once
    .replace(/\b(thousand|million|billion|trillion) (dollar|euro|pound)(s?) \2s?\b/g, '$1 $2$3')
    // "$5–$12": a range of prices
    .replace(/\b(dollars?|euros?|pounds?|pence|cents?|rupees?|yen)\s?[-–]\s?(?=\d)/g, '$1 to ')
    // "a price of $3/Gb": a price per a thing
    .replace(/\b(dollars?|euros?|pounds?|pence|cents?|rupees?|yen)\/(\p{L}{1,12})\b/gu, '$1 per $2');
}

export const UNITS: Record<string, [string, string]> = {
  km: ['kilometer', 'kilometers'], 'km/h': ['kilometer per hour', 'kilometers per hour'],
  kph: ['kilometer per hour', 'kilometers per hour'], mph: ['mile per hour', 'miles per hour'],
  cm: ['centimeter', 'centimeters'], mm: ['millimeter', 'millimeters'], kg: ['kilogram', 'kilograms'],
  mg: ['milligram', 'milligrams'], lb: ['pound', 'pounds'], lbs: ['pound', 'pounds'], oz: ['ounce', 'ounces'],
  ft: ['foot', 'feet'], mi: ['mile', 'miles'], KB: ['kilobyte', 'kilobytes'], MB: ['megabyte', 'megabytes'],
  GB: ['gigabyte', 'gigabytes'], TB: ['terabyte', 'terabytes'], ms: ['millisecond', 'milliseconds'],
  sec: ['second', 'seconds'], secs: ['second', 'seconds'], min: ['minute', 'minutes'], mins: ['minute', 'minutes'],
  hr: ['hour', 'hours'], hrs: ['hour', 'hours'], GHz: ['gigahertz', 'gigahertz'], MHz: ['megahertz', 'megahertz'],
  kW: ['kilowatt', 'kilowatts'], kWh: ['kilowatt hour', 'kilowatt hours'],
  W: ['watt', 'watts'], MW: ['megawatt', 'megawatts'], GW: ['gigawatt', 'gigawatts'],
  MWh: ['megawatt hour', 'megawatt hours'], GWh: ['gigawatt hour', 'gigawatt hours'], TWh: ['terawatt hour', 'terawatt hours'],
  mAh: ['milliamp hour', 'milliamp hours'], V: ['volt', 'volts'], Hz: ['hertz', 'hertz'], kHz: ['kilohertz', 'kilohertz'],
  PB: ['petabyte', 'petabytes'], Mbps: ['megabit per second', 'megabits per second'],
  Gbps: ['gigabit per second', 'gigabits per second'], 'm/s': ['meter per second', 'meters per second'],
  'lb-ft': ['pound-foot', 'pound-feet'], Nm: ['newton meter', 'newton meters'], hp: ['horsepower', 'horsepower'],
  mpg: ['mile per gallon', 'miles per gallon'], rpm: ['revolution per minute', 'revolutions per minute'],
  psi: ['pound per square inch', 'pounds per square inch'], px: ['pixel', 'pixels'], fps: ['frame per second', 'frames per second'],
  mL: ['milliliter', 'milliliters'], ml: ['milliliter', 'milliliters'], nm: ['nanometer', 'nanometers'],
  yd: ['yard', 'yards'], gal: ['gallon', 'gallons'], kcal: ['kilocalorie', 'kilocalories'],
  dB: ['decibel', 'decibels'], mmHg: ['millimeter of mercury', 'millimeters of mercury'], bps: ['basis point', 'basis points'], bp: ['basis point', 'basis points'],
  kbps: ['kilobit per second', 'kilobits per second'], g: ['gram', 'grams'], gm: ['gram', 'grams'], L: ['liter', 'liters'], mcg: ['microgram', 'micrograms'],
  µg: ['microgram', 'micrograms'], mmol: ['millimole', 'millimoles'], Wh: ['watt hour', 'watt hours'], kB: ['kilobyte', 'kilobytes'],
  'sq ft': ['square foot', 'square feet'], 'km²': ['square kilometer', 'square kilometers'], 'm²': ['square meter', 'square meters'],
};
const UNIT_PATTERN = new RegExp(
  `\\b(\\d+(?:[.,]\\d+){0,6})\\s?(${Object.keys(UNITS).sort((a, b) => b.length - a.length).map((u) => u.replace('/', '\\/')).join('|')})(?![\\w/])`,
  'g',
);

/** Percentages, ranges, units, and "10k" / "5M" shorthand. */
export function replaceQuantities(text: string): string {
  if (!/\d/.test(text)) return text; // every quantity has a number
  return text
    // "2h 41m", "1h30": a duration written short
    .replace(/\b(\d{1,3})h\s?(\d{1,2})(?:m|min)?\b/g, (_, h: string, m: string) => `${h} ${plural(h, 'hour', 'hours')} ${m} ${plural(m, 'minute', 'minutes')}`)
    .replace(/(\d)\s?(?:-|–|—|to)\s?(\d+(?:\.\d+)?)\s?%/g, '$1 to $2 percent')
    .replace(/(\d)\s?%\s?[-–—]\s?(?=\d[\d.]*\s?%)/g, '$1 to ')
    .replace(/(\d)\s?%/g, '$1 percent')
    .replace(UNIT_PATTERN, (_, n: string, unit: string) => `${n} ${plural(n, ...UNITS[unit]!)}`)
    // "4K", "a 5k run": one digit and a K is a resolution or a distance, said as the letter
    .replace(/(?<![\d.])\b([1-9])[kK]\b/g, '$1 K')
    // "100 m sprint" is meters; "5m users" (a British million) is not
    .replace(/\b(\d+(?:\.\d+)?)\s?m\b(?=\s(?:sprint|race|dash|hurdles|relay|freestyle|butterfly|backstroke|breaststroke|medley|long|high|wide|deep|tall|away|above|below|from|of|in)\b|\s?[.,;:)]|\s*$)/g, (_, n: string) => `${n} ${n === '1' ? 'meter' : 'meters'}`)
    .replace(/\b(\d+(?:\.\d+)?)m\b(?=\s\p{Ll})/gu, '$1 million')
    // "1B" and "5M" are a million or a billion only before a word they count ("a 7B model"); else a letter
    .replace(/\b(\d+(?:\.\d+)?)([MB])\b(?!\s+\p{Ll}|\s*[+]|,\s*\p{Ll})/gu, '$1 $2')
    // ".45-caliber", ".22 rifle": a caliber is said as its number
    .replace(/(?<=^|\s)\.(\d{2,3})(?=[-\s]?(?:caliber|calibre|cal)\b)/g, '$1')
    .replace(/\b(\d+(?:\.\d+)?)(k|M|bn|B)\b/g, (_, n: string, m: string) => `${n} ${MAGNITUDES[m.toLowerCase()]}`);
}

