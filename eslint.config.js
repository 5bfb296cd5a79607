// ESLint: typescript-eslint's recommended rules (syntax only, no type information, so it stays fast)
// plus the layer rules that keep the code's seams closed:
//   - routes never import the database layer (drizzle-orm, server/db, repositories);
//   - the server's floors import only floors below them: routes > http > use-cases > pipeline and
//     jobs > services (domain, database-backed) > machinery (no database) and repositories > db;
//     none below the composition root imports it (deps.ts, wiring.ts, boot.ts, app.ts, cli/);
//   - only repositories and server/db import drizzle-orm or server/db/schema;
//   - shared/ imports nothing from the apps, and its production code no Node built-in and no
//     DOM-only or Node-only global;
//   - the web app and the extension never import each other or server/;
//   - one web app feature never imports another (compose them in webapp/src/app/);
//   - production code imports no test helper and no devDependency.
// See a rule fail by hand, e.g. a route that imports drizzle:
//   echo "export { eq } from 'drizzle-orm';" | npx eslint --stdin --stdin-filename server/routes/x.ts
// scripts/lint-rules.test.ts does the same for every layer rule.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

const SOURCE = '**/*.{ts,tsx,js,mjs}';

// Tests and what only tests use: they may read the database and use devDependencies.
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/test-fixtures/**'];
// Code that never ships: tests, browser tests, scripts and build configuration.
const NOT_PRODUCTION = [...TEST_FILES, 'e2e/**', 'scripts/**', '**/*.config.{ts,js,mjs}'];

// Folders: each file belongs to the first folder listed here that contains it.
const ELEMENTS = [
  { type: 'route', pattern: 'server/routes' },
  { type: 'http', pattern: 'server/http' },
  { type: 'use-case', pattern: 'server/use-cases' },
  { type: 'pipeline', pattern: 'server/pipeline' },
  { type: 'jobs', pattern: 'server/jobs' },
  { type: 'domain', pattern: 'server/services' },
  { type: 'machinery', pattern: 'server/machinery' },
  { type: 'repository', pattern: 'server/repositories' },
  { type: 'db', pattern: 'server/db' },
  { type: 'server', pattern: 'server' },
  { type: 'shared', pattern: 'shared' },
  { type: 'feature', pattern: 'webapp/src/features/*', capture: ['feature'] },
  { type: 'webapp', pattern: 'webapp' },
  { type: 'extension', pattern: 'extension' },
].map((element) => ({ ...element, partialMatch: false }));

// The database layer: the only files that hold SQL.
const DATABASE_FILES = ['server/db/**', 'server/repositories/**'];

const SERVER = ['route', 'http', 'use-case', 'pipeline', 'jobs', 'domain', 'machinery', 'repository', 'db', 'server'];
// The files that pick implementations and start processes: nothing they build imports them.
const COMPOSITION_FILES = ['server/deps.ts', 'server/wiring.ts', 'server/boot.ts', 'server/app.ts', 'server/index.ts', 'server/cli/**'];
const WEBAPP = ['webapp', 'feature'];
const DRIZZLE = { module: { origin: 'external', source: 'drizzle-orm' } };

/** A rule for imports from one kind of folder: `to` names what it may not import, `message` why. */
const forbid = (fromTypes, to, message) => ({
  from: { element: { types: { anyOf: fromTypes } } },
  disallow: { to },
  message,
});

const ROUTES = [
  forbid(['route'], { file: { categories: 'database' } }, 'Routes speak HTTP: they call a use case and never import server/db or a repository.'),
  forbid(['route'], DRIZZLE, 'Routes speak HTTP: they never import drizzle-orm; SQL lives in repositories.'),
];

// Rules for every file, tests included.
const LAYERS = [
  forbid(['shared'], { element: { types: { anyOf: [...SERVER, ...WEBAPP, 'extension'] } } }, 'shared/ is used by the server and both clients, so it imports nothing from server/, webapp/ or extension/.'),
  forbid(WEBAPP, { element: { types: { anyOf: ['extension', ...SERVER] } } }, 'The web app never imports extension/ or server/: it talks to the server through the client in shared/.'),
  forbid(['extension'], { element: { types: { anyOf: [...WEBAPP, ...SERVER] } } }, 'The extension never imports webapp/ or server/: it talks to the server through the client in shared/.'),
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
    message: 'Feature "{{ from.element.captured.feature }}" imports feature "{{ to.element.captured.feature }}": compose features in webapp/src/app/, move common code to webapp/src/lib or webapp/src/components.',
  },
  // Route tests too: they drive the API and read rows through server/test helpers.
  ...ROUTES,
];

/** `fromTypes` may import none of `types`: they sit above it. */
const below = (fromTypes, types, message) => forbid(fromTypes, { element: { types: { anyOf: types } } }, message);

// The server's floors, top to bottom; a floor imports only floors below it (production files:
// a test may drive a use case from a pipeline test).
const FLOORS = [
  below(['http'], ['route'], 'http/ sits below routes/: it never imports a route.'),
  below(['use-case'], ['route', 'http'], 'Use cases know nothing of HTTP: they never import routes/ or http/.'),
  below(['pipeline', 'jobs'], ['route', 'http', 'use-case'], 'pipeline/ and jobs/ run below the use cases: they never import routes/, http/ or use-cases/.'),
  below(['domain'], ['route', 'http', 'use-case', 'pipeline', 'jobs'], 'services/ (domain) sits below the use cases, pipeline and jobs: it never imports them.'),
  below(['repository'], ['route', 'http', 'use-case', 'pipeline', 'jobs', 'domain', 'machinery'], 'Repositories hold SQL only: they never import services/, machinery/ or anything above them.'),
  below(['machinery'], ['route', 'http', 'use-case', 'pipeline', 'jobs', 'domain', 'repository', 'db'], 'machinery/ never touches the database: it imports no repository, server/db, services/ or anything above them.'),
  below(['db'], ['route', 'http', 'use-case', 'pipeline', 'jobs', 'domain', 'machinery', 'repository'], 'server/db is the lowest floor: it imports nothing above it.'),
  forbid(['http', 'use-case', 'pipeline', 'jobs', 'domain', 'machinery', 'repository', 'db'], { file: { categories: 'composition' } }, 'Only the composition root (deps.ts, wiring.ts, boot.ts, app.ts, cli/) imports the composition root: dependencies are handed down.'),
];

// Rules for production files outside the database layer (passed to PRODUCTION).
const OUTSIDE_DATABASE = [
  { disallow: { to: DRIZZLE }, message: 'Only repositories (server/repositories/) and server/db import drizzle-orm.' },
  { disallow: { to: { file: { categories: 'schema' } } }, message: 'Only repositories and server/db import the database schema.' },
];

// Rules for production files. Tests are exempt: they seed and inspect the database directly, and
// the ones in shared/ run in Node.
const PRODUCTION = (...outsideDatabase) => [
  ...LAYERS,
  ...FLOORS,
  forbid(['shared'], { module: { origin: 'core' } }, 'shared/ also runs in browsers: no Node built-in ({{ to.module.source }}).'),
  ...outsideDatabase,
  // Again after the database rules, so a route hears the route's reason (the last match reports).
  ...ROUTES,
  {
    disallow: { to: { file: { categories: 'test' } } },
    message: 'Production code never imports a test helper (test/, testing/, test-fixtures/, *.test.ts).',
  },
];

const ENVIRONMENT_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'process', 'Buffer', '__dirname', '__filename', 'require'];

// devDependencies do not ship, so production code may not import them. Exception: `wxt` is a
// devDependency because it builds the extension, but the extension bundles its `wxt/browser` and
// `wxt/utils/*` modules (browser API, storage, entrypoint definitions).
const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const devDependencies = (allowed = []) => ({
  disallow: {
    to: { module: { origin: 'external', source: Object.keys(packageJson.devDependencies ?? {}).filter((name) => !allowed.includes(name)) } },
  },
  message: '{{ to.module.source }} is a devDependency: production code may not import it.',
});

// ESLint applies the last matching config's options, so each group of files gets its whole list.
// When several policies match one import, the last one's message is reported. Checked: packages
// and Node built-ins too (checkAllOrigins), and imports within one folder (checkInternals).
const dependencies = (...policies) => ({
  'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, checkInternals: true, policies }],
});

export default defineConfig(
  { ignores: ['node_modules/**', 'dist/**', '.output/**', '.wxt/**', 'webapp/dist/**', 'e2e-artifacts/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: [SOURCE],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (a callback's signature,
      // a property left out of a rest object).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters in regular expressions are deliberate: they strip them from untrusted text.
      'no-control-regex': 'off',
    },
  },
  {
    // shared/ runs in the server, the web app and the extension: no DOM-only or Node-only global.
    files: ['shared/**'],
    ignores: NOT_PRODUCTION,
    rules: {
      'no-restricted-globals': ['error', ...ENVIRONMENT_GLOBALS.map((name) => ({ name, message: `shared/ runs in Node and in browsers: no ${name}.` }))],
    },
  },
  {
    // A stand-in for Stripe.js served to the browser tests, written in that script's ES5 style.
    files: ['e2e/fixtures/stripe-js-standin.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
    rules: { 'no-var': 'off', 'prefer-rest-params': 'off', 'prefer-spread': 'off', '@typescript-eslint/no-this-alias': 'off' },
  },
  {
    files: [SOURCE],
    plugins: { boundaries },
    settings: {
      // Paths are relative to this file's folder, wherever ESLint is started from.
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': {
        typescript: { project: ['tsconfig.json', 'server/tsconfig.json'].map((file) => `${import.meta.dirname}/${file}`), noWarnOnMultipleProjects: true },
      },
      'boundaries/elements': ELEMENTS,
      'boundaries/files': [
        { category: 'test', pattern: TEST_FILES },
        { category: 'database', pattern: DATABASE_FILES },
        { category: 'schema', pattern: 'server/db/schema.ts' },
        { category: 'composition', pattern: COMPOSITION_FILES },
      ],
    },
    rules: dependencies(...LAYERS),
  },
  { files: [SOURCE], ignores: NOT_PRODUCTION, rules: dependencies(...PRODUCTION(...OUTSIDE_DATABASE), devDependencies()) },
  { files: ['extension/**'], ignores: NOT_PRODUCTION, rules: dependencies(...PRODUCTION(...OUTSIDE_DATABASE), devDependencies(['wxt'])) },
  { files: DATABASE_FILES, ignores: NOT_PRODUCTION, rules: dependencies(...PRODUCTION(), devDependencies()) },
  {
    // The clients' toasts load with the first one shown (shared/ui/toast.tsx); sonner's own `toast`
    // would show nothing before that.
    files: ['webapp/src/**', 'extension/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sonner', message: 'Import toast from shared/ui/toast.tsx.' }] }],
    },
  },
  {
    // Plain JavaScript (workers, scripts, the CLI launcher) runs in Node: TypeScript does not check
    // its names, so ESLint needs to know Node's globals.
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', structuredClone: 'readonly',
        TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', AbortController: 'readonly',
        queueMicrotask: 'readonly', performance: 'readonly', globalThis: 'readonly', window: 'readonly',
      },
    },
  },
);
