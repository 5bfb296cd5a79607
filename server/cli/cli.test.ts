import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/server-build.mjs';
import { MODE_MESSAGES } from '../../shared/api/podcast-modes.ts';
import { CONTENT_MESSAGES } from '../../shared/errors.ts';
import { startListener, type TestListener } from '../test/listener.ts';
import { layoutDocument, prose } from '../test/pdf-document.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { scriptSentences } from '../machinery/script/sentence-cutter.ts';
import { main } from './main.ts';

/** Runs the real `pagecast` bin as a user would, in `cwd`, with `env` added to the environment. */
const BIN = path.resolve(import.meta.dirname, '../../bin/pagecast.mjs');
const CORPUS_PAGE = path.resolve(import.meta.dirname, '../../../shared/corpora/readability/001');

/** A spawned command's safety net, and a test's that waits on one (beyond the config's 120 s). */
const SPAWN_NET_MS = 280_000;
const TEST_NET = { timeout: SPAWN_NET_MS + 20_000 };

function pagecast(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: options.cwd ?? os.tmpdir(),
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', FETCH_ALLOW_HOSTS: '', VOICE_DOWNLOADS: 'off', ...options.env },
        // A safety net for a hang: on a loaded machine a conversion with the embedded voice takes minutes.
        timeout: SPAWN_NET_MS,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

const ARTICLE = `<!doctype html><html lang="en"><head><title>Local Story</title></head><body><article>
  ${[1, 2, 3].map((n) => `<p>Paragraph ${n} of a local story that is long enough for Readability to keep it as the article body of the page.</p>`).join('\n')}
  <p><a href="/more">More</a></p></article></body></html>`;

let site: TestListener;
let workDir: string;
beforeAll(async () => {
  site = await startListener((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/story' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(ARTICLE);
  });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-cli-'));
  fs.copyFileSync(path.join(CORPUS_PAGE, 'source.html'), path.join(workDir, 'page.html'));
});
afterAll(async () => {
  await site.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe.concurrent('pagecast extract, run as a command', () => {
  it('prints the extraction result of a file (relative to the working directory) as JSON', async () => {
    const run = await pagecast(['extract', 'page.html', '--base-url', 'http://fakehost/test/page.html'], { cwd: workDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const expected = JSON.parse(fs.readFileSync(path.join(CORPUS_PAGE, 'expected-metadata.json'), 'utf8'));
    expect(result.title).toBe(expected.title);
    expect(result.lang).toBe(expected.lang);
    expect(result.url).toBe('http://fakehost/test/page.html');
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining(['title', 'byline', 'dir', 'lang', 'content', 'textContent', 'length', 'excerpt', 'siteName', 'text']),
    );
    expect(result.content).toContain('href="http://fakehost/code/');
    expect(result.text.split('\n').length).toBeGreaterThan(10);
  });

  it('fetches a URL the configuration allows, following redirects', async () => {
    const run = await pagecast(['extract', `http://127.0.0.1:${site.port}/moved`], {
      env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}` },
    });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.url).toBe(`http://127.0.0.1:${site.port}/story`);
    expect(result.title).toBe('Local Story');
    expect(result.content).toContain(`href="http://127.0.0.1:${site.port}/more"`);
  });

  it('refuses a private address the configuration does not allow, without connecting', async () => {
    const internal = await startListener((_req, res) => res.end('internal'));
    try {
      const run = await pagecast(['extract', `http://127.0.0.1:${internal.port}/story`]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim()).toBe(`${CONTENT_MESSAGES.privateAddress} To read a page at 127.0.0.1:${internal.port} anyway, set FETCH_ALLOW_HOSTS=127.0.0.1:${internal.port}.`);
      expect(internal.connections()).toBe(0);
    } finally {
      await internal.close();
    }
  });

  it('prints the usage and exits with 2 when run without arguments', async () => {
    const run = await pagecast([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('pagecast extract <url|file.html|file.pdf|folder>… [--base-url URL]');
  });

  it('exits with 1 and the list of problems on a bad setting', async () => {
    const run = await pagecast(['extract', 'http://127.0.0.1:9/'], { env: { FETCH_ALLOW_HOSTS: 'not a pair' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('FETCH_ALLOW_HOSTS');
  });
});

describe('pagecast extract over many pages', () => {
  const lines = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

  it('extracts several files and a folder in one process, one JSON line a page, in order', async () => {
    const folder = fs.mkdtempSync(path.join(workDir, 'corpus-'));
    fs.mkdirSync(path.join(folder, 'b'));
    fs.writeFileSync(path.join(folder, 'b', 'story.html'), ARTICLE);
    fs.copyFileSync(path.join(CORPUS_PAGE, 'source.html'), path.join(folder, 'a.html'));
    fs.writeFileSync(path.join(folder, 'readme.txt'), 'not a page');
    const run = await pagecast(['extract', 'page.html', folder], { cwd: workDir });
    expect(run.code, run.stderr).toBe(0);
    const pages = lines(run.stdout);
    expect(pages.map((p) => p.source)).toEqual(['page.html', path.join(folder, 'a.html'), path.join(folder, 'b', 'story.html')]);
    expect(pages[1]!.title).toBe(pages[0]!.title);
    expect(pages[2]!.title).toBe('Local Story');
    expect(pages[2]!.text).toContain('Paragraph 3 of a local story');
  });

  it('prints a failing page as an error line, goes on with the rest, and exits with 1', async () => {
    const empty = path.join(workDir, 'no-article.html');
    fs.writeFileSync(empty, '<html><body><nav>menu</nav></body></html>');
    const run = await runMain(['extract', 'missing-page.html', empty, path.join(workDir, 'page.html')]);
    expect(run.code).toBe(1);
    const pages = lines(run.stdout);
    expect(pages[0]).toEqual({ source: 'missing-page.html', error: 'Cannot read missing-page.html: no such file' });
    expect(pages[1]).toEqual({ source: empty, error: CONTENT_MESSAGES.noReadableContent });
    expect(pages[2]!.title).toEqual(expect.any(String));
    expect(run.stderr).toBe('2 of 3 pages could not be extracted\n');
  });
});

describe('the compiled CLI', TEST_NET, () => {
  it('extracts a page exactly as the TypeScript sources do', async () => {
    // Built under node_modules, so its packages resolve as they do from dist/.
    const outDir = fs.mkdtempSync(path.join(import.meta.dirname, '../../node_modules/.cache-pagecast-build-'));
    try {
      await buildServer({ outDir });
      const compiled = (await import(pathToFileURL(path.join(outDir, 'server/cli/main.js')).href)) as typeof import('./main.ts');
      const page = path.join(workDir, 'page.html');
      const viaBuild: string[] = [];
      expect(await compiled.main(['extract', page], { out: (t) => viaBuild.push(t), err: (t) => viaBuild.push(t) })).toBe(0);
      const viaSources = await runMain(['extract', page]);
      expect(viaBuild.join('')).toBe(viaSources.stdout);
      expect(fs.readFileSync(path.join(outDir, 'server/machinery/extract/page-document.js'), 'utf8')).toContain('vendor/linkedom.js');
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});

/** The same entry point in this process, for the argument and failure cases (each spawn costs a second or two). */
describe('pagecast convert, run as a command', TEST_NET, () => {
  it('turns a page into an MP3 with the embedded voice and says where it is', async () => {
    const file = path.join(workDir, 'story.html');
    fs.writeFileSync(file, ARTICLE);
    const run = await pagecast(['convert', 'story.html', '-o', 'story.mp3'], { cwd: workDir });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { file: string; title: string; bytes: number; durationSeconds: number };
    expect(result.file).toBe(path.join(workDir, 'story.mp3'));
    expect(result.title).toBe('Local Story');
    // Without an AI the default is read mode, as on the server.
    expect(result).toMatchObject({ mode: 'read' });
    expect(fs.statSync(result.file).size).toBe(result.bytes);
    expect(result.durationSeconds).toBeGreaterThan(5);
    // Progress goes to stderr as the work goes on, ending with the whole length.
    expect(run.stderr).toMatch(/Writing the script[\s\S]*Speaking[\s\S]*\d+ s spoken\n[\s\S]*\d+ s spoken, done\n$/);
  });

  it('reads the whole article by default, and tells it in about two minutes with --mode brief', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1} of a long local story, with enough words in it for Readability to keep it as part of the article body.</p>`);
    fs.writeFileSync(path.join(workDir, 'long.html'), `<!doctype html><html lang="en"><head><title>Long Story</title></head><body><article>${paragraphs.join('')}</article></body></html>`);
    const [read, brief] = await Promise.all([
      pagecast(['convert', 'long.html', '-o', 'long-read.mp3'], { cwd: workDir }),
      pagecast(['convert', 'long.html', '-o', 'long-brief.mp3', '--mode', 'brief'], { cwd: workDir }),
    ]);
    expect(read.code, read.stderr).toBe(0);
    expect(brief.code, brief.stderr).toBe(0);
    const readResult = JSON.parse(read.stdout) as { mode: string; durationSeconds: number };
    const briefResult = JSON.parse(brief.stdout) as { mode: string; durationSeconds: number };
    expect(readResult.mode).toBe('read');
    expect(briefResult.mode).toBe('brief');
    expect(read.stderr).toContain('read mode');
    // All twelve paragraphs against the template's five between its welcome and thanks.
    expect(readResult.durationSeconds).toBeGreaterThan(briefResult.durationSeconds * 1.6);
  });

  it('reads a PDF file as it reads a page: extract prints its pages and text, convert speaks it', async () => {
    const report = layoutDocument({ title: 'A Short Report', authors: 'Lee Ames', sections: [{ heading: '1 Findings', paragraphs: [prose(5, 4), prose(6, 3)] }] });
    fs.writeFileSync(path.join(workDir, 'report.pdf'), report.pdf);
    const [extracted, converted] = await Promise.all([
      pagecast(['extract', 'report.pdf'], { cwd: workDir }),
      pagecast(['convert', 'report.pdf', '-o', 'report.mp3'], { cwd: workDir }),
    ]);
    expect(extracted.code, extracted.stderr).toBe(0);
    const article = JSON.parse(extracted.stdout) as { title: string; byline: string; pages: number; text: string };
    expect(article).toMatchObject({ title: 'A Short Report', byline: 'Lee Ames', pages: 1 });
    expect(article.text.split('\n')).toEqual(['1 Findings', prose(5, 4), prose(6, 3)]);
    expect(converted.code, converted.stderr).toBe(0);
    expect(JSON.parse(converted.stdout)).toMatchObject({ title: 'A Short Report', mode: 'read' });
  });

  it('asks where to write the MP3 when -o is missing, and exits with 2', async () => {
    const run = await pagecast(['convert', 'page.html'], { cwd: workDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Say where to write the MP3 with -o out.mp3');
  });
});

describe.concurrent('pagecast speech-text, run as a command', () => {
  /** What the speech stage gives the voice for `text` in `language`: its sentences, each prepared. */
  const voiceReceives = (text: string, language: string) =>
    scriptSentences(text).map((s) => prepareSpeechText(s.text, language).trim()).filter(Boolean);

  it('prints what the voice reads for its argument, one sentence a line, in the detected language', async () => {
    const text = 'The council met on 4 July 1976 and voted 7-2 for the plan. It will cost $1.2M, said Dr. Hale.';
    const run = await pagecast(['speech-text', text]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toEqual(voiceReceives(text, 'en'));
    expect(lines).toHaveLength(2);
    expect(run.stdout).not.toMatch(/\d/); // numbers are read as words
    expect(run.stderr).toContain('language: en (detected');
  });

  it('reads the text from standard input when none is given, paragraph by paragraph', async () => {
    const text = 'Der Gemeinderat tagte am 12. März bis 22 Uhr. Der Umbau kostet 49,99 Euro pro Kopf.\nDanach sprach die Bürgermeisterin über 3 neue Parks.\n';
    const run = await pagecast(['speech-text'], { input: text });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('language: de (detected');
    expect(run.stdout.trimEnd().split('\n')).toEqual(voiceReceives(text, 'de'));
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(3);
  });

  it('reads by the rules of the language --lang gives', async () => {
    const text = 'Am 3. Oktober 1990 kamen 16 Länder zusammen.';
    const [german, english] = await Promise.all([pagecast(['speech-text', '--lang', 'de', text]), pagecast(['speech-text', '--lang', 'en', text])]);
    expect(german.code, german.stderr).toBe(0);
    expect(german.stdout).toBe(`${voiceReceives(text, 'de').join('\n')}\n`);
    expect(german.stdout).not.toContain('3. Oktober'); // a German ordinal date, read as one
    expect(german.stdout).not.toBe(english.stdout);
    expect(german.stderr).toBe(''); // nothing detected, nothing to say
  });

  it('keeps a sentence whole across its abbreviations, in English and German, and reads them out', async () => {
    const english = 'Dr. Hale lives at 12 Elm St. near St. Paul’s and met Sen. Ruiz at 3 p.m. ET under 42 U.S.C. 1983. Then it rained.';
    const german = 'Das gilt z. B. für die Hauptstr. 5, d. h. für Nr. 7. „Es regnet.“ Dann kam die Sonne.';
    const [en, de] = await Promise.all([pagecast(['speech-text', '--lang', 'en', english]), pagecast(['speech-text', '--lang', 'de', german])]);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout.trimEnd().split('\n')).toEqual([
      'Doctor Hale lives at twelve Elm Street near Saint Paul’s and met Senator Ruiz at three PM Eastern Time under forty-two U.S.C nineteen eighty-three.',
      'Then it rained.',
    ]);
    expect(de.code, de.stderr).toBe(0);
    expect(de.stdout.trimEnd().split('\n')).toEqual([
      'Das gilt zum Beispiel für die Hauptstraße 5, das heißt für Nummer 7.',
      '„Es regnet.“',
      'Dann kam die Sonne.',
    ]);
  });

  it('refuses a --lang that is not a language code, and exits with 2', async () => {
    const run = await pagecast(['speech-text', '--lang', 'german!', 'Hello there.']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--lang takes a language code such as en, de or ja, not "german!"');
    expect(run.stderr).toContain('pagecast speech-text [--lang CODE] [--pronunciations FILE] [TEXT]');
  });
});

describe.concurrent('pagecast speech-text --pronunciations', () => {
  const listFile = (name: string, content: string) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-pron-')), name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('gives the voice each spoken form of the list for the words written, and nothing else changes', async () => {
    const file = listFile('list.json', JSON.stringify({ entries: [
      { written: 'Nginx', spoken: 'engine X' },
      { written: 'Saoirse', spoken: 'Seer-sha' },
      { written: 'Paris', spoken: 'Pah-ree', lang: 'fr' },
    ] }));
    const text = 'Saoirse moved 3 servers to Nginx in Paris. The word nginx stays lower case.';
    const run = await pagecast(['speech-text', '--lang', 'en', '--pronunciations', file, text]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Seer-sha moved three servers to engine X in Paris.\nThe word nginx stays lower case.\n');
  });

  it.each([
    ['a list with a spoken form too long', JSON.stringify({ entries: [{ written: 'Nginx', spoken: 'engine X' }, { written: 'Kubernetes', spoken: 'k'.repeat(201) }] }),
      'Entry 2 ("Kubernetes"): the spoken form is too long: at most 200 characters.'],
    ['a file that is not JSON', '{ entries: [', 'not JSON ('],
    ['JSON of another shape', JSON.stringify([{ written: 'a', spoken: 'b' }]), 'it must be { "entries": [{ "written", "spoken", "lang"? }] }'],
  ])('refuses %s, names what is wrong, and exits with 2', async (_name, content, message) => {
    const file = listFile('list.json', content);
    const run = await pagecast(['speech-text', '--lang', 'en', '--pronunciations', file, 'Hello there.']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`--pronunciations ${file}: `);
    expect(run.stderr).toContain(message);
  });

  it('says when the file is not there', async () => {
    const run = await pagecast(['speech-text', '--pronunciations', '/nonexistent/list.json', 'Hello there.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--pronunciations /nonexistent/list.json: no such file');
  });
});

async function runMain(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('pagecast arguments and failures', () => {
  it.each([
    ['an unknown command', ['speak', 'x'], 'Unknown command: speak'],
    ['extract without a page', ['extract'], 'Give a web address, an HTML file or a folder'],
    ['--base-url with two pages', ['extract', 'a.html', 'b.html', '--base-url', 'http://fakehost/'], '--base-url applies to one page only'],
    ['an unknown option', ['extract', 'page.html', '--verbose'], "Unknown option '--verbose'"],
    ['a relative --base-url', ['extract', 'page.html', '--base-url', 'test/page.html'], '--base-url must be an absolute URL'],
  ])('prints the usage and exits with 2 on %s', async (_name, args, message) => {
    const run = await runMain(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('pagecast extract <url|file.html|file.pdf|folder>… [--base-url URL]');
  });

  it.each([
    ['an unknown mode', ['--mode', 'song'], MODE_MESSAGES.invalidMode],
    ['minutes out of range', ['--mode', 'podcast', '--minutes', '2'], MODE_MESSAGES.invalidMinutes],
    ['minutes that are not a whole number', ['--mode', 'podcast', '--minutes', '4.5'], MODE_MESSAGES.invalidMinutes],
    ['minutes for read mode', ['--mode', 'read', '--minutes', '5'], MODE_MESSAGES.minutesNotForMode],
  ])('refuses %s for convert with the API’s message, and exits with 2 having written nothing', async (_name, args, message) => {
    const out = path.join(workDir, 'refused.mp3');
    const run = await runMain(['convert', 'page.html', '-o', out, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('[--mode read|podcast|brief|conversation] [--minutes N]');
    expect(fs.existsSync(out)).toBe(false);
  });

  it('prints the usage on --help and exits with 0', async () => {
    expect(await runMain(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('pagecast extract') });
    expect(await runMain(['extract', '--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('--base-url') });
  });

  it.each([
    ['a missing file', ['extract', 'missing.html'], 'Cannot read missing.html: no such file'],
    ['an invalid address', ['extract', 'ftp://example.com/page'], CONTENT_MESSAGES.invalidWebsiteUrl],
  ])('exits with 1 and a readable message on %s', async (_name, args, message) => {
    const run = await runMain(args);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(message);
  });

  it('says so when a folder holds no HTML page, and exits with 2', async () => {
    const empty = fs.mkdtempSync(path.join(workDir, 'empty-'));
    fs.writeFileSync(path.join(empty, 'notes.txt'), 'not a page');
    const run = await runMain(['extract', empty]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`No .html files in ${empty}`);
  });

  it('exits with 1 and the user-facing message on a page without readable content', async () => {
    const file = path.join(workDir, 'empty.html');
    fs.writeFileSync(file, '<html><body><nav>menu</nav></body></html>');
    const run = await runMain(['extract', file]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(CONTENT_MESSAGES.noReadableContent);
  });
});
