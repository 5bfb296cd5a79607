import { describe, expect, it } from 'vitest';
import { prepareScriptText } from './prepare-script-text.ts';
import { prepareSpeechText } from './prepare-speech-text.ts';
import { speakAddresses } from './speak-addresses.ts';

// Each row: the sentence as written (what the transcript shows), then what the voice receives.
describe('addresses are heard, never silenced', () => {
  const heard = (language: string) => (written: string, voice: string) => {
    expect(prepareSpeechText(written, language)).toBe(voice);
    expect(prepareScriptText(written)).toBe(written);
  };

  it.each([
    ['To check your mail, simply type www.msn.com.', 'To check your mail, simply type msn dot com.'],
    ['The full list is on https://en.wikipedia.org/wiki/List_of_tides_(oceanography).', 'The full list is on wikipedia dot org.'],
    ['Read the report (https://www.bbc.co.uk/news/science-environment?at_medium=rss#comments) before the vote.', 'Read the report (bbc dot co dot uk) before the vote.'],
    ['Prices are on example.com/pricing?plan=pro, and they change often.', 'Prices are on example dot com, and they change often.'],
    ['Write to press@example.org or john.doe+news@mail.example.co.uk for a copy.', 'Write to press at example dot org or john dot doe plus news at mail dot example dot co dot uk for a copy.'],
    ['Questions? Mail first_last@example.com.', 'Questions? Mail first underscore last at example dot com.'],
    ['Her blog at someone.github.io/posts/latest is worth reading.', 'Her blog at someone dot github dot io slash posts slash latest is worth reading.'],
    ['Tickets at example.org/tickets, from noon.', 'Tickets at example dot org slash tickets, from noon.'],
    ['Is it docs.python.org? Yes!', 'Is it docs dot python dot org? Yes!'],
    ['Amazon.com sold out in May.', 'Amazon dot com sold out in May.'],
    ['The site is spiegel-online.de, the paper is not.', 'The site is spiegel dash online dot de, the paper is not.'],
    ['Start the app on http://localhost:3000 first.', 'Start the app on localhost first.'],
    ['https://github.com/pagecast/pagecast', 'github dot com.'],
  ])('English: %j is heard as %j', heard('en'));

  it("leaves out an embedded post's picture link and the handle after its author's name; the transcript keeps both", () => {
    heard('en')('I urge all Delhiites to use them whenever needed pic.twitter.com/MYwRz9euaq', 'I urge all Delhiites to use them whenever needed.');
    heard('en')('— Arvind Kejriwal (@ArvindKejriwal) November 1, 2019', 'Arvind Kejriwal November first, twenty nineteen.');
    // A handle that is the sentence's object, and a site whose name starts with "pic", are read.
    heard('en')('Follow @pagecast for news, or see picsum.photos/200.', 'Follow @pagecast for news, or see picsum dot photos.');
  });

  it('reads a Markdown or HTML link by its text, not its address', () => {
    const written = 'See [the docs](https://docs.example.com/x) and <a href="https://x.example">our page</a> first.';
    expect(prepareSpeechText(written, 'en')).toBe('See the docs and our page first.');
    expect(prepareScriptText(written)).toBe('See the docs and our page first.');
  });

  it.each([
    ['Geben Sie einfach www.msn.com ein.', 'Geben Sie einfach msn Punkt com ein.'],
    ['Mehr dazu auf https://de.wikipedia.org/wiki/Gezeiten.', 'Mehr dazu auf wikipedia Punkt org.'],
    ['Schreiben Sie an presse@beispiel.de oder max_muster@web.de.', 'Schreiben Sie an presse ät beispiel Punkt de oder max Unterstrich muster ät web Punkt de.'],
    ['Die Zeitung steht auf spiegel-online.de, z. B. im Archiv.', 'Die Zeitung steht auf spiegel Bindestrich online Punkt de, zum Beispiel im Archiv.'],
  ])('German: %j is heard as %j', heard('de'));

  it.each([
    ['Tapez simplement www.msn.com.', 'Tapez simplement msn point com.'],
    ['Voir https://fr.wikipedia.org/wiki/Marée pour la suite.', 'Voir wikipedia point org pour la suite.'],
    ['Écrivez à presse@exemple.fr ou à jean-luc@lemonde.fr.', 'Écrivez à presse arobase exemple point fr ou à jean tiret luc arobase lemonde point fr.'],
  ])('French: %j is heard as %j', heard('fr'));

  it.each([
    ['Escriba simplemente www.msn.com.', 'Escriba simplemente msn punto com.'],
    ['Más información en https://es.wikipedia.org/wiki/Marea.', 'Más información en wikipedia punto org.'],
    ['Escriba a prensa@ejemplo.es o a info@elpais.com.', 'Escriba a prensa arroba ejemplo punto es o a info arroba elpais punto com.'],
  ])('Spanish: %j is heard as %j', heard('es'));

  it.each([
    ['it', 'Scrivete a stampa@esempio.it o visitate www.repubblica.it.', 'Scrivete a stampa chiocciola esempio punto it o visitate repubblica punto it.'],
    ['pt', 'Veja em www.publico.pt/desporto.', 'Veja em publico ponto pt barra desporto.'],
    ['ru', 'Подробнее на https://ru.wikipedia.org/wiki/Прилив.', 'Подробнее на wikipedia точка org.'],
  ])('Italian, Portuguese, Russian: %s %j is heard as %j', (language, written, voice) => heard(language)(written, voice));

  // Other languages have no words here: the voice reads the written site name or address.
  it.each([
    ['ja', '詳しくは https://ja.wikipedia.org/wiki/潮汐 を見てください。', '詳しくは wikipedia.org を見てください。'],
    ['ja', '出典は https://www.nhk.or.jp/news/html/123.html。', '出典は nhk.or.jp。'],
    ['nl', 'Zie https://nos.nl/nieuws/binnenland en mail naar info@nos.nl.', 'Zie nos.nl en mail naar info@nos.nl.'],
  ])('%s: %j is heard as %j', (language, written, voice) => heard(language)(written, voice));
});

describe('speakAddresses', () => {
  it.each([
    ['en', 'Set the router to 192.168.1.1.', 'Set the router to 192 dot 168 dot 1 dot 1.'],
    ['en', 'Open http://10.0.0.1:8080/admin now.', 'Open 10 dot 0 dot 0 dot 1 now.'],
    ['en', 'It listens on 10.0.0.12:8080 by default.', 'It listens on 10 dot 0 dot 0 dot 12 port 8080 by default.'],
    ['de', 'Der Router hat die Adresse 192.168.178.1.', 'Der Router hat die Adresse 192 Punkt 168 Punkt 178 Punkt 1.'],
    ['es', 'El servidor escucha en 10.0.0.12:8080.', 'El servidor escucha en 10 punto 0 punto 0 punto 12 puerto 8080.'],
    ['ja', 'サーバーは 10.0.0.12:8080 です。', 'サーバーは 10.0.0.12:8080 です。'],
  ])('IP addresses (%s): %j → %j', (language, written, voice) => {
    expect(speakAddresses(written, language)).toBe(voice);
  });

  it.each([
    ['mailto:press@example.org', 'press at example dot org'],
    ['Cited (source: https://a.b/c) here.', 'Cited (source: a dot b) here.'],
    ['Go to www.example.org, then rest.', 'Go to example dot org, then rest.'],
    ['They call it “https://example.com/a”!', 'They call it “example dot com”!'],
    ['A bare https:// is not an address; nor is www. alone.', 'A bare https:// is not an address; nor is www. alone.'],
  ])('links and mail: %j → %j', (written, voice) => {
    expect(speakAddresses(written, 'en')).toBe(voice);
  });

  it.each([
    ['Node.js, ASP.NET and Vue.js run it, e.g. at U.S. firms.'],
    ['See index.html and icon@2x.png, version v2.3.1, pi is 3.14.'],
    ['Er zahlte 1.000.000.000 Euro am 15.03.2024, d.h. u.a. bar.'],
    ['St.Gallen liegt am See; the end.It was over.'],
  ])('leaves text that is not an address alone: %j', (text) => {
    expect(speakAddresses(text, 'en')).toBe(text);
  });

  // Untrusted pages of up to 200,000 characters: no pattern may rescan the rest from each start.
  const hostile = (unit: string) => unit.repeat(Math.ceil(200_000 / unit.length)).slice(0, 200_000);
  it.each([
    ['a.'],
    ['a-'],
    ['www.'],
    ['http://a.'],
    ['https://a.b/('],
    ['a@'],
    ['a.b@'],
    ['1.1.'],
    ['x.com?a=b.com&'],
    ['see www.msn.com. '],
    ['press@example.org '],
  ])('%j repeated to 200 KB finishes, where a pattern that rescans the text never would', (unit) => {
    // No clock here (`npm run bench -- speech-kinds` times the growth): linear work finishes in well
    // under a second; a rescanning pattern takes hours, past the runner's test timeout, which fails it.
    expect(typeof speakAddresses(hostile(unit), 'en')).toBe('string');
  });
});
