// The layer rules in eslint.config.js fail on a deliberate violation and pass on an allowed import.
// The checks lint snippets inside a small copy of the repository's layout (the real config and
// package.json, stub files to import), so they hold however the real tree's files move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
let project: string;
let eslint: ESLint;

const STUBS = [
  'server/db/schema.ts',
  'server/repositories/podcast-repository.ts',
  'server/use-cases/create-podcast.ts',
  'server/test/app.ts',
  'server/services/billing/apply-snapshot.ts',
  'server/machinery/audio/loudness.ts',
  'server/pipeline/run-stages.ts',
  'server/http/caller.ts',
  'server/wiring.ts',
  'shared/format-time.ts',
  'webapp/src/features/podcasts/api/podcasts.ts',
  'webapp/src/features/auth/api/auth-api.ts',
  'webapp/src/lib/session.ts',
  'extension/storage.ts',
];

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  fs.copyFileSync(path.join(repo, 'eslint.config.js'), path.join(project, 'eslint.config.js'));
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(project, 'package.json'));
  fs.symlinkSync(fs.realpathSync(path.join(repo, 'node_modules')), path.join(project, 'node_modules'), 'dir');
  const tsconfig = JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true, jsx: 'react-jsx' },
  });
  fs.writeFileSync(path.join(project, 'tsconfig.json'), tsconfig);
  fs.mkdirSync(path.join(project, 'server'));
  fs.writeFileSync(path.join(project, 'server/tsconfig.json'), tsconfig);
  for (const stub of STUBS) {
    fs.mkdirSync(path.dirname(path.join(project, stub)), { recursive: true });
    fs.writeFileSync(path.join(project, stub), 'export const value = 1;\n');
  }
  eslint = new ESLint({ cwd: project });
});

afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

const LAYER_RULES = ['boundaries/dependencies', 'no-restricted-globals'];

/** The layer-rule messages ESLint reports for `code` written in the file at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(project, file) });
  return (result?.messages ?? []).filter((m) => m.fatal || LAYER_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('routes never import the database layer', () => {
  it('fails when a route imports drizzle-orm or one of its subpaths', async () => {
    expect(await layerErrors('server/routes/podcasts.ts', "import { eq } from 'drizzle-orm';")).toEqual([
      expect.stringContaining('never import drizzle-orm'),
    ]);
    expect(await layerErrors('server/routes/podcasts.ts', "import { pgTable } from 'drizzle-orm/pg-core';")).toHaveLength(1);
  });

  it('fails when a route imports the schema or a repository', async () => {
    expect(await layerErrors('server/routes/podcasts.ts', "import { value } from '../db/schema.ts';")).toEqual([
      expect.stringContaining('never import server/db or a repository'),
    ]);
    expect(await layerErrors('server/routes/podcasts.ts', "import { value } from '../repositories/podcast-repository.ts';")).toHaveLength(1);
  });

  it('holds route tests to it too: they read rows through server/test helpers', async () => {
    expect(await layerErrors('server/routes/podcasts.test.ts', "import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(await layerErrors('server/routes/podcasts.test.ts', "import { value } from '../db/schema.ts';")).toHaveLength(1);
    expect(await layerErrors('server/routes/podcasts.test.ts', "import { value } from '../test/app.ts';")).toEqual([]);
  });

  it('passes when a route imports a use case', async () => {
    expect(await layerErrors('server/routes/podcasts.ts', "import { value } from '../use-cases/create-podcast.ts';")).toEqual([]);
  });

  it('lets only repositories import drizzle-orm and the schema', async () => {
    expect(await layerErrors('server/use-cases/create-podcast.ts', "import { eq } from 'drizzle-orm';")).toEqual([
      expect.stringContaining('Only repositories'),
    ]);
    expect(await layerErrors('server/use-cases/create-podcast.ts', "import { value } from '../db/schema.ts';")).toHaveLength(1);
    expect(
      await layerErrors('server/repositories/podcast-repository.ts', "import { eq } from 'drizzle-orm';\nimport { value } from '../db/schema.ts';"),
    ).toEqual([]);
  });
});

describe("the server's floors import only floors below them", () => {
  it('fails when machinery imports a repository, the database or a domain service', async () => {
    expect(await layerErrors('server/machinery/speech/engine.ts', "import { value } from '../../repositories/podcast-repository.ts';")).toEqual([
      expect.stringContaining('machinery/ never touches the database'),
    ]);
    expect(await layerErrors('server/machinery/speech/engine.ts', "import { value } from '../../services/billing/apply-snapshot.ts';")).toHaveLength(1);
    expect(await layerErrors('server/machinery/speech/engine.ts', "import { value } from '../../db/schema.ts';")).toHaveLength(1);
  });

  it('fails when a repository imports a service or machinery', async () => {
    expect(await layerErrors('server/repositories/member-repository.ts', "import { value } from '../services/billing/apply-snapshot.ts';")).toEqual([
      expect.stringContaining('Repositories hold SQL only'),
    ]);
    expect(await layerErrors('server/repositories/follow-repository.ts', "import type { value } from '../machinery/audio/loudness.ts';")).toHaveLength(1);
  });

  it('fails when a domain service reaches up to a use case or the pipeline', async () => {
    expect(await layerErrors('server/services/podcasts/limits.ts', "import { value } from '../../use-cases/create-podcast.ts';")).toEqual([
      expect.stringContaining('services/ (domain) sits below'),
    ]);
    expect(await layerErrors('server/services/podcasts/limits.ts', "import { value } from '../../pipeline/run-stages.ts';")).toHaveLength(1);
  });

  it('fails when the pipeline imports a use case, or a use case the HTTP edge', async () => {
    expect(await layerErrors('server/pipeline/stages.ts', "import { value } from '../use-cases/create-podcast.ts';")).toEqual([
      expect.stringContaining('pipeline/ and jobs/ run below the use cases'),
    ]);
    expect(await layerErrors('server/use-cases/create-podcast.ts', "import { value } from '../http/caller.ts';")).toEqual([
      expect.stringContaining('Use cases know nothing of HTTP'),
    ]);
  });

  it('fails when a floor below imports the composition root', async () => {
    expect(await layerErrors('server/pipeline/stages.ts', "import { value } from '../wiring.ts';")).toEqual([
      expect.stringContaining('Only the composition root'),
    ]);
  });

  it('passes on arrows that point down', async () => {
    expect(
      await layerErrors(
        'server/services/billing/apply-snapshot.ts',
        "import { value } from '../../repositories/podcast-repository.ts';\nimport { value as gain } from '../../machinery/audio/loudness.ts';",
      ),
    ).toEqual([]);
    expect(await layerErrors('server/use-cases/create-podcast.ts', "import { value } from '../pipeline/run-stages.ts';")).toEqual([]);
    expect(await layerErrors('server/wiring.ts', "import { value } from './use-cases/create-podcast.ts';")).toEqual([]);
  });
});

describe('shared/ imports nothing from the apps and no Node built-in', () => {
  it('fails on node:fs and on a bare built-in', async () => {
    expect(await layerErrors('shared/text.ts', "import fs from 'node:fs';")).toEqual([expect.stringContaining('no Node built-in')]);
    expect(await layerErrors('shared/text.ts', "import path from 'path';")).toHaveLength(1);
  });

  it('fails when shared/ imports the server or a client', async () => {
    expect(await layerErrors('shared/text.ts', "import { value } from '../server/use-cases/create-podcast.ts';")).toEqual([
      expect.stringContaining('imports nothing from server/, webapp/ or extension/'),
    ]);
    expect(await layerErrors('shared/text.ts', "import { value } from '../extension/storage.ts';")).toHaveLength(1);
  });

  it('fails when shared/ uses a DOM-only or Node-only global', async () => {
    expect(await layerErrors('shared/text.ts', 'export const here = window.location.href;')).toEqual([expect.stringContaining('no window')]);
    expect(await layerErrors('shared/text.ts', 'export const home = process.env.HOME;')).toEqual([expect.stringContaining('no process')]);
  });

  it('passes on shared code and libraries, and on Node in shared tests', async () => {
    expect(await layerErrors('shared/text.ts', "import { value } from './format-time.ts';\nimport { z } from 'zod';")).toEqual([]);
    expect(await layerErrors('shared/text.test.ts', "import fs from 'node:fs';\nexport const home = process.env.HOME;")).toEqual([]);
  });
});

describe('the web app and the extension never import each other or the server', () => {
  it('fails when the web app imports the extension or the server', async () => {
    expect(await layerErrors('webapp/src/lib/player.ts', "import { value } from '../../../extension/storage.ts';")).toEqual([
      expect.stringContaining('The web app never imports extension/ or server/'),
    ]);
    expect(await layerErrors('webapp/src/lib/player.ts', "import { value } from '../../../server/db/schema.ts';")).toHaveLength(1);
  });

  it('fails when the extension imports the web app', async () => {
    expect(await layerErrors('extension/popup.ts', "import { value } from '../webapp/src/lib/session.ts';")).toEqual([
      expect.stringContaining('The extension never imports webapp/ or server/'),
    ]);
  });

  it('passes when either imports shared/', async () => {
    expect(await layerErrors('webapp/src/lib/player.ts', "import { value } from '../../../shared/format-time.ts';")).toEqual([]);
    expect(await layerErrors('extension/popup.ts', "import { value } from '../shared/format-time.ts';")).toEqual([]);
  });
});

describe('one web app feature never imports another', () => {
  it('fails when the auth feature imports the podcasts feature', async () => {
    expect(await layerErrors('webapp/src/features/auth/components/menu.tsx', "import { value } from '../../podcasts/api/podcasts.ts';")).toEqual([
      'Feature "auth" imports feature "podcasts": compose features in webapp/src/app/, move common code to webapp/src/lib or webapp/src/components.',
    ]);
  });

  it('passes within a feature, from a feature to lib/, and from app/ to any feature', async () => {
    expect(await layerErrors('webapp/src/features/auth/components/menu.tsx', "import { value } from '../api/auth-api.ts';")).toEqual([]);
    expect(await layerErrors('webapp/src/features/auth/components/menu.tsx', "import { value } from '../../../lib/session.ts';")).toEqual([]);
    expect(await layerErrors('webapp/src/app/routes/home.tsx', "import { value } from '../../features/podcasts/api/podcasts.ts';")).toEqual([]);
  });
});

describe('production code imports no test helper and no devDependency', () => {
  it('fails when production code imports a test helper', async () => {
    expect(await layerErrors('server/services/podcasts/create-podcast.ts', "import { value } from '../../test/app.ts';")).toEqual([
      expect.stringContaining('never imports a test helper'),
    ]);
  });

  it('fails when production code imports a devDependency', async () => {
    expect(await layerErrors('server/machinery/audio/decode.ts', "import { MPEGDecoder } from 'mpg123-decoder';")).toEqual([
      'mpg123-decoder is a devDependency: production code may not import it.',
    ]);
    expect(await layerErrors('webapp/src/lib/player.ts', "import { browser } from 'wxt/browser';")).toHaveLength(1);
  });

  it('lets tests use test helpers and devDependencies, and the extension use the wxt runtime', async () => {
    expect(
      await layerErrors('server/machinery/audio/decode.test.ts', "import { MPEGDecoder } from 'mpg123-decoder';\nimport { value } from '../../test/app.ts';"),
    ).toEqual([]);
    expect(await layerErrors('extension/popup.ts', "import { browser } from 'wxt/browser';")).toEqual([]);
  });
});
