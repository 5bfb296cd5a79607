/**
 * Russian: the reading lexicon (words, units, abbreviations). Numbers stay digits, which a Russian
 * voice reads and inflects; units and signs become words in the genitive plural most counts take.
 */
import { ordinalOf } from '../speech-numbers.ts';
import { SHARED_UNITS, type Lexicon } from './lexicon.ts';

const MONTHS_OF = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** 1 → "первый" ("первая" when feminine). */
export function russianOrdinal(n: number, feminine = false): string {
  const word = ordinalOf(n, 'ru');
  return feminine ? word.replace(/(?:ый|ой|ий)$/, (end) => (end === 'ий' ? 'ья' : 'ая')) : word;
}

const genitive = (ordinal: string) => ordinal.replace(/ий$/, 'ьего').replace(/(?:ый|ой)$/, 'ого');

export const RU: Lexicon = {
  months: MONTHS_OF,
  percent: 'процентов',
  to: 'до',
  scoreTo: '',
  outOf: 'из',
  by: 'на',
  times: 'раз',
  point: 'точка',
  weekdays: { пн: 'понедельник', вт: 'вторник', ср: 'среда', чт: 'четверг', пт: 'пятница', сб: 'суббота', вс: 'воскресенье' },
  numbered: 'глава|Глава|часть|Часть|том|Том|статья|Статья|сезон|Сезон',
  // Russian rulers are ordinals: "Пётр I" → "Пётр Первый", "Екатерина II" → "Екатерина Вторая".
  regnal: (name, n) => russianOrdinal(n, /[ая]$/.test(name)).replace(/^./, (c) => c.toUpperCase()),
  rulers: 'Пётр|Петр|Павел|Александр|Николай|Екатерина|Елизавета|Анна|Иван|Фёдор|Федор|Василий|Борис|Лжедмитрий|Карл|Людовик|Генрих|Елизавета',
  and: 'и',
  degrees: 'градусов',
  celsius: 'по Цельсию',
  currencies: {
    $: { one: 'доллар', many: 'долларов', few: 'доллара' }, '€': { one: 'евро', many: 'евро' }, '£': { one: 'фунт', many: 'фунтов', few: 'фунта' },
    '¥': { one: 'иена', many: 'иен' }, '₽': { one: 'рубль', many: 'рублей', few: 'рубля' }, '₹': { one: 'рупия', many: 'рупий' },
  },
  magnitudes: { 'тыс.': 'тысяч', тыс: 'тысяч', 'млн': 'миллионов', 'млн.': 'миллионов', 'млрд': 'миллиардов', 'млрд.': 'миллиардов', 'трлн': 'триллионов' },
  magnitudeOf: '',
  centsJoin: '',
  units: {
    г: ['грамм', 'граммов', 'грамма'], мг: ['миллиграмм', 'миллиграммов', 'миллиграмма'], мл: ['миллилитр', 'миллилитров', 'миллилитра'], л: ['литр', 'литров', 'литра'], м: ['метр', 'метров', 'метра'],
    км: ['километр', 'километров', 'километра'], 'км/ч': ['километр в час', 'километров в час', 'километра в час'], кг: ['килограмм', 'килограммов', 'килограмма'],
    см: ['сантиметр', 'сантиметров', 'сантиметра'], мм: ['миллиметр', 'миллиметров', 'миллиметра'], мин: ['минута', 'минут', 'минуты'], ч: ['час', 'часов', 'часа'],
    ...SHARED_UNITS(['километр', 'километров'], 'в час'),
    кВт: ['киловатт', 'киловатт'], ГБ: ['гигабайт', 'гигабайт'], МБ: ['мегабайт', 'мегабайт'], га: ['гектар', 'гектаров', 'гектара'],
  },
  time: (h, m) => (m === 0 ? `${h} часов` : `${h} ${String(m).padStart(2, '0')}`),
  // a date is said with ordinals in the genitive: "двенадцатого марта две тысячи двадцать четвёртого года"
  date: (d, m, y) => `${genitive(russianOrdinal(d))} ${MONTHS_OF[m - 1]}${y === undefined ? '' : ` ${genitive(russianOrdinal(y))} года`}`,
  ordinal: russianOrdinal,
  inContext: {
    'т. е.': { always: 'то есть' },
    'т. д.': { always: 'так далее' },
    'т. п.': { always: 'тому подобное' },
    'г.': { afterNumber: ['года', 'года'] },
    'гг.': { afterNumber: ['годов', 'годов'] },
    'руб.': { afterNumber: ['рубль', 'рублей'] },
    'тыс.': { afterNumber: ['тысяча', 'тысяч'] },
    'ул.': { beforeName: 'улица' },
    'им.': { beforeName: 'имени' },
    'стр.': { always: 'страница' },
  },
  abbreviations: [
    [/(?<!\p{L})до\s?н\.\s?э\./gu, 'до нашей эры'],
    [/(?<!\p{L})н\.\s?э\./gu, 'нашей эры'],
  ],
};
