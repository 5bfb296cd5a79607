/**
 * The reading front end by kind and language: sentences written for each kind (the tuning half of
 * scripts/speech-eval/, apart from the held-out half it is scored on), with what the voice is given.
 * Each kind is recognised by its context: a slash between weekdays is a list, between a day and a
 * month after a word that introduces a date a date, after a unit "per".
 */
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../split-sentences.ts';
import { prepareSpeechText } from '../prepare-speech-text.ts';

// Heard as the speech stage reads them: cut into sentences first, each read on its own.
const voiced = (text: string, language: string) => splitSentences(text).map((s) => prepareSpeechText(s, language)).join(' ');

describe('English', () => {
  it.each([
    ["date", "Polls close Tue., 11/5, at 8 p.m.", "Polls close Tuesday, November fifth, at eight PM."],
    ["date", "The contract expires 12/31/2026.", "The contract expires December thirty-first, twenty twenty-six."],
    ["date", "Entries for the Bath half marathon close 14/3.", "Entries for the Bath half marathon close the fourteenth of March."],
    ["date", "The pool is open Mon/Wed/Fri from 9 a.m.", "The pool is open Monday, Wednesday and Friday from nine AM."],
    ["time", "Norris set the fastest lap, 1:29.708, on his final run.", "Norris set the fastest lap, one minute, twenty-nine point seven zero eight seconds, on his final run."],
    ["time", "The ferry leaves at 6.45am and returns at 7.15pm.", "The ferry leaves at six forty-five AM and returns at seven fifteen PM."],
    ["time", "Visiting hours are 10:00–16:30 daily.", "Visiting hours are ten o'clock to sixteen thirty daily."],
    ["telephone", "For tickets call 1-800-555-0199 before noon.", "For tickets call one, eight zero zero, five five five, zero one nine nine before noon."],
    ["telephone", "The London office is on +44 20 7946 0958.", "The London office is on plus four four, two zero, seven nine four six, zero nine five eight."],
    ["telephone", "Dial 0800 123 4567 for help.", "Dial zero eight zero zero, one two three, four five six seven for help."],
    ["money", "The fare rose to NZ$45 this year.", "The fare rose to forty-five New Zealand dollars this year."],
    ["money", "A flat in Kowloon sold for HK$12.8 million.", "A flat in Kowloon sold for twelve point eight million Hong Kong dollars."],
    ["money", "Tickets cost C$120 each.", "Tickets cost one hundred twenty Canadian dollars each."],
    ["money", "The project is worth ₹3,200 crore.", "The project is worth three thousand two hundred crore rupees."],
    ["money", "Shares in the grocer fell 12p to 340p.", "Shares in the grocer fell twelve pence to three hundred forty pence."],
    ["money", "The miner raised A$2.5bn from investors.", "The miner raised two point five billion Australian dollars from investors."],
    ["measure", "The storm brought gusts of 110 km/h and 45 mm of rain.", "The storm brought gusts of one hundred ten kilometers per hour and forty-five millimeters of rain."],
    ["measure", "Children received 15 mL/kg of saline.", "Children received fifteen milliliters per kilogram of saline."],
    ["measure", "The house offers 2,400 sq ft and a 30 ft garden.", "The house offers two thousand four hundred square feet and a thirty feet garden."],
    ["measure", "The baby weighed 7 lb 4 oz at birth.", "The baby weighed seven pounds four ounces at birth."],
    ["measure", "The drive takes 1 hr 20 min without traffic.", "The drive takes one hour twenty minutes without traffic."],
    ["measure", "The central bank cut its rate by 25 bps on Thursday.", "The central bank cut its rate by twenty-five basis points on Thursday."],
    ["measure", "Protein excretion was 3.2 g/24 h in the trial.", "Protein excretion was three point two grams per twenty-four hours in the trial."],
    ["decimal", "GDP shrank −0.3% q/q in the third quarter.", "G.D.P shrank minus zero point three percent quarter on quarter in the third quarter."],
    ["decimal", "The sensor is accurate to ±0.5 degrees.", "The sensor is accurate to plus or minus zero point five degrees."],
    ["decimal", "The particles are about 10⁻⁹ m across.", "The particles are about ten to the power of minus nine meters across."],
    ["decimal", "Prices rose ≈4% last month.", "Prices rose about four percent last month."],
    ["abbreviation", "Maj. Gen. Ruth Ellis took command of the division.", "Major General Ruth Ellis took command of the division."],
    ["abbreviation", "Sen. Ted Cruz (R-Tex.) objected to the bill.", "Senator Ted Cruz (Republican, Texas) objected to the bill."],
    ["abbreviation", "Johann Sebastian Bach (b. 1685, d. 1750) wrote the cantata.", "Johann Sebastian Bach (born sixteen eighty-five, died seventeen fifty) wrote the cantata."],
    ["abbreviation", "Norma Jeane Mortenson, a.k.a. Marilyn Monroe, was born in Los Angeles.", "Norma Jeane Mortenson, also known as Marilyn Monroe, was born in Los Angeles."],
    ["abbreviation", "Arsenal vs. Chelsea kicks off at 3 p.m.", "Arsenal versus Chelsea kicks off at three PM."],
    ["abbreviation", "The bridge is approx. 400 m long.", "The bridge is approximately four hundred meters long."],
    ["letters", "The WHO declared a global emergency.", "The W.H.O declared a global emergency."],
    ["letters", "NATO and the USGS issued statements on Monday.", "Nato and the U.S.G.S issued statements on Monday."],
    ["letters", "EPS rose 8% YoY in the quarter.", "earnings per share rose eight percent year on year in the quarter."],
    ["letters", "He hit 40 HRs last season.", "He hit forty home runs last season."],
    ["roman", "Final Fantasy VII came out in 1997, and I loved it.", "Final Fantasy seven came out in nineteen ninety-seven, and I loved it."],
    ["roman", "Henry VIII married six times.", "Henry the Eighth married six times."],
    ["serial", "Flight BA283 to Los Angeles was delayed.", "Flight B.A two eighty-three to Los Angeles was delayed."],
    ["serial", "The pastor read Romans 8:28-30 aloud.", "The pastor read Romans chapter eight, verses twenty-eight to thirty aloud."],
    ["serial", "England were 312/6 at stumps on day two.", "England were three hundred twelve for six at stumps on day two."],
    ["serial", "Under 18 U.S.C. § 1030, unauthorized access is a crime.", "Under eighteen U.S.C section one thousand thirty, unauthorized access is a crime."],
    ["electronic", "Details are at example.org/tickets.", "Details are at example dot org slash tickets."],
    ["electronic", "Write to jane.doe-smith@mail.example.com for a copy.", "Write to jane dot doe dash smith at mail dot example dot com for a copy."],
    ["measure", "The sonata is written in B♭ major.", "The sonata is written in B flat major."],
    ["measure", "The nocturne in C♯ minor closes the set.", "The nocturne in C sharp minor closes the set."],
    ["ordinal", "She finished 2nd in the 1500m.", "She finished second in the fifteen hundred meters."],
    ["cardinal", "About 1,250 people attended the vigil.", "About one thousand two hundred fifty people attended the vigil."],
    ["money", "Plan to spend $5–$12 a head.", "Plan to spend five dollars to twelve dollars a head."],
    ["measure", "The flight took 2h 41m and each packet holds 2gm.", "The flight took two hours forty-one minutes and each packet holds two grams."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'en')).toBe(spoken));
});

describe('German', () => {
  it.each([
    ["date", "Die Messe beginnt am 3.9. in Leipzig.", "Die Messe beginnt am dritten September in Leipzig."],
    ["date", "Anmeldeschluss ist der 30.06.2025.", "Anmeldeschluss ist der dreißigste Juni 2025."],
    ["time", "Die Praxis ist Mo–Fr 8–12 Uhr geöffnet.", "Die Praxis ist Montag bis Freitag 8 bis 12 Uhr geöffnet."],
    ["time", "Der Zug fährt um 14.35 Uhr ab.", "Der Zug fährt um 14 Uhr 35 ab."],
    ["roman", "Unter Karl V. wuchs das Reich weiter.", "Unter Karl dem Fünften wuchs das Reich weiter."],
    ["roman", "Das Schloss wurde für Ludwig II. gebaut.", "Das Schloss wurde für Ludwig den Zweiten gebaut."],
    ["abbreviation", "Dosierung: 2× tägl. 1 Tablette, mind. 3 Std. Abstand.", "Dosierung: zweimal täglich 1 Tablette, mindestens 3 Stunden. Abstand."],
    ["serial", "Nach § 242 Abs. 2 StGB ist auch der Versuch strafbar.", "Nach Paragraf 242 Absatz 2 StGB ist auch der Versuch strafbar."],
    ["telephone", "Rufen Sie uns unter 030 12345678 an.", "Rufen Sie uns unter null drei null, eins zwei drei vier fünf sechs sieben acht an."],
    ["money", "Das Haus kostet 450.000 €.", "Das Haus kostet 450.000 Euro."],
    ["measure", "Der Wagen verbraucht 6,5 l/100 km.", "Der Wagen verbraucht 6,5 Liter pro 100 Kilometer."],
    ["measure", "Die Miete liegt bei 14 €/m².", "Die Miete liegt bei 14 Euro pro Quadratmeter."],
    ["ordinal", "Sie wurde am 1. März geboren.", "Sie wurde am ersten März geboren."],
    ["decimal", "Der Leitindex stieg um 1,2 %.", "Der Leitindex stieg um 1,2 Prozent."],
    ["letters", "Die WHO warnt vor der Hitze.", "Die W.H.O warnt vor der Hitze."],
    ["electronic", "Mehr dazu unter bahn.de/angebote.", "Mehr dazu unter bahn Punkt de Schrägstrich angebote."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'de')).toBe(spoken));
});

describe('French', () => {
  it.each([
    ["date", "Les inscriptions sont ouvertes avant le 30/06.", "Les inscriptions sont ouvertes avant le 30 juin."],
    ["time", "Ouvert du lun. au ven. de 9 h à 18 h.", "Ouvert du lundi au vendredi de 9 heures à 18 heures."],
    ["abbreviation", "Ajoutez 2 c. à s. d'huile d'olive.", "Ajoutez 2 cuillères à soupe d'huile d'olive."],
    ["measure", "Le loyer moyen atteint 25 €/m².", "Le loyer moyen atteint 25 euros par mètre carré."],
    ["measure", "La vitesse est limitée à 80 km/h.", "La vitesse est limitée à 80 kilomètres par heure."],
    ["abbreviation", "Me Dupont plaide pour la famille.", "Maître Dupont plaide pour la famille."],
    ["abbreviation", "César a franchi le Rubicon en 49 av. J.-C.", "César a franchi le Rubicon en 49 avant Jésus-Christ."],
    ["ordinal", "Le 1er mai, elle a pris la 1re place.", "Le premier mai, elle a pris la première place."],
    ["telephone", "Appelez le +33 1 42 68 53 00.", "Appelez le plus trois trois, un, quatre deux, six huit, cinq trois, zéro zéro."],
    ["decimal", "Le CAC 40 a perdu 0,8 %.", "Le CAC 40 a perdu 0,8 pour cent."],
    ["measure", "Laissez reposer 5 j au frais.", "Laissez reposer 5 jours au frais."],
    ["measure", "Faites cuire 3 h à feu doux.", "Faites cuire 3 heures à feu doux."],
    ["letters", "L'OMS recommande 5 g de sel.", "L'O.M.S recommande 5 grammes de sel."],
    ["roman", "Louis XIV régna soixante-douze ans.", "Louis 14 régna soixante-douze ans."],
    ["money", "Le billet coûte 12,50 €.", "Le billet coûte 12 euros 50."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'fr')).toBe(spoken));
});

describe('Spanish', () => {
  it.each([
    ["time", "Horario de atención: de 10.00 a 13.30 h.", "Horario de atención: de 10 a 13 y 30."],
    ["date", "La reunión será el 3/9.", "La reunión será el 3 de septiembre."],
    ["abbreviation", "Tome máx. 3 comprimidos al día.", "Tome máximo 3 comprimidos al día."],
    ["abbreviation", "La n.º 1 del mundo ganó en París.", "La número 1 del mundo ganó en París."],
    ["abbreviation", "En el s. XVIII se levantó la iglesia.", "En el siglo 18 se levantó la iglesia."],
    ["roman", "La reina María I murió joven.", "La reina María primera murió joven."],
    ["cardinal", "Asistieron 200 personas al acto.", "Asistieron doscientas personas al acto."],
    ["measure", "El metro cuadrado cuesta 3.000 €/m² en el centro.", "El metro cuadrado cuesta 3.000 euros por metro cuadrado en el centro."],
    ["measure", "La velocidad máxima es de 120 km/h.", "La velocidad máxima es de 120 kilómetros por hora."],
    ["telephone", "Llame al 91 123 45 67.", "Llame al nueve uno, uno dos tres, cuatro cinco, seis siete."],
    ["decimal", "El Ibex 35 subió un 1,4 %.", "El Ibex 35 subió un 1,4 por ciento."],
    ["letters", "La OMS alertó del brote.", "La O.M.S alertó del brote."],
    ["roman", "Felipe II murió en 1598.", "Felipe segundo murió en 1598."],
    ["roman", "Isabel II reinó setenta años.", "Isabel segunda reinó setenta años."],
    ["measure", "La temperatura bajó a -5 °C.", "La temperatura bajó a menos 5 grados Celsius."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'es')).toBe(spoken));
});

describe('Italian', () => {
  it.each([
    ["time", "Il treno parte alle 14:30.", "Il treno parte alle 14 e 30."],
    ["money", "Il biglietto costa 25 €.", "Il biglietto costa 25 euro."],
    ["date", "Il 15/08 è Ferragosto.", "Il 15 agosto è Ferragosto."],
    ["measure", "La minima è stata di -3 °C.", "La minima è stata di meno 3 gradi Celsius."],
    ["decimal", "Il PIL è cresciuto dello 0,5 %.", "Il PIL è cresciuto dello 0,5 per cento."],
    ["roman", "Papa Giovanni XXIII fu eletto nel 1958.", "Papa Giovanni ventitreesimo fu eletto nel 1958."],
    ["measure", "Il limite è di 130 km/h.", "Il limite è di 130 chilometri orari."],
    ["ordinal", "Il 1° maggio si festeggia il lavoro.", "Il primo maggio si festeggia il lavoro."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'it')).toBe(spoken));
});

describe('Portuguese', () => {
  it.each([
    ["time", "A loja abre às 9h30.", "A loja abre às 9 horas e 30."],
    ["money", "O bilhete custa R$ 50.", "O bilhete custa 50 reais."],
    ["date", "A reunião é a 25/04.", "A reunião é a 25 de abril."],
    ["decimal", "A inflação foi de 4,5 %.", "A inflação foi de 4,5 por cento."],
    ["roman", "D. Pedro II governou o Brasil.", "Dom Pedro segundo governou o Brasil."],
    ["measure", "A velocidade máxima é 120 km/h.", "A velocidade máxima é 120 quilómetros por hora."],
    ["ordinal", "A 1.ª edição esgotou.", "A primeira edição esgotou."],
    ["measure", "A mínima foi de -2 °C.", "A mínima foi de menos 2 graus Celsius."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'pt')).toBe(spoken));
});

describe('Russian', () => {
  it.each([
    ["time", "Встреча начнётся в 15:30.", "Встреча начнётся в 15 30."],
    ["money", "Билет стоит 500 ₽.", "Билет стоит 500 рублей."],
    ["measure", "Ночью было −5 °C.", "Ночью было минус 5 градусов по Цельсию."],
    ["decimal", "Рост составил 2,5 %.", "Рост составил 2,5 процентов."],
    ["measure", "Скорость не выше 90 км/ч.", "Скорость не выше 90 километров в час."],
    ["roman", "Пётр I основал город.", "Пётр Первый основал город."],
    ["date", "Заседание назначено на 12.03.2024.", "Заседание назначено на двенадцатого марта две тысячи двадцать четвёртого года."],
    ["measure", "Вес посылки 3 кг.", "Вес посылки 3 килограмма."],
  ])('%s: %j', (_kind, written, spoken) => expect(voiced(written, 'ru')).toBe(spoken));
});
