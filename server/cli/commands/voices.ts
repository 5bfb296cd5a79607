/**
 * `pagecast voices`: the natural voice catalogue, each voice with its state here (installed, not
 * installed, downloading, failed with why, downloads off), its licence as its source states it (a non-commercial or
 * unclear one marked: never a default), and whether natural voices can run on this system at all.
 * `pagecast voices install <id>`: downloads and installs one ahead of time, so no podcast waits for it
 * and a server with VOICE_DOWNLOADS=off has it; `--force` downloads it again and pins the new
 * checksum (after its publisher replaced the archive).
 */
import { parseArgs } from 'node:util';
import { VOICE_DOWNLOAD_HINT } from '../../../shared/errors.ts';
import { UsageError, type CliCommand, type CliOutput } from '../command.ts';

const MB = 1_000_000;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n') + '\n';
}

async function openStore() {
  const [{ loadConfig }, { createVoices }] = await Promise.all([import('../../config.ts'), import('../../wiring.ts')]);
  const config = loadConfig();
  return { config, store: createVoices(config) };
}

async function list(output: CliOutput): Promise<number> {
  const { store, config } = await openStore();
  const { checkNaturalRuntime } = await import('../../machinery/speech/natural-runtime.ts');
  const runtime = await checkNaturalRuntime();
  const rows = [['ID', 'LANGUAGE', 'GENDER', 'QUALITY', 'SIZE', 'USE', 'STATE', 'LICENCE']];
  const marks = { commercial: 'ok', 'non-commercial': 'NON-COMMERCIAL', unclear: 'UNCLEAR' } as const;
  for (const { voice, state } of store.list()) {
    const shown =
      state.state === 'installed'
        ? 'installed'
        : state.state === 'downloading'
          ? `downloading${state.total ? ` ${Math.round((state.received / state.total) * 100)}%` : ` (${Math.round(state.received / MB)} MB so far)`}`
          : state.state === 'off'
            ? 'not installed (downloads off)'
            : state.state === 'failed'
              ? 'failed'
              : 'not installed';
    rows.push([voice.id, voice.language, voice.gender, voice.quality, `~${Math.round(voice.approxBytes / MB)} MB`, marks[voice.licenceUse], shown, `${voice.licence} <${voice.licenceSource}>`]);
  }
  output.out(table(rows));
  // Why each failed voice failed, as the server's voice pickers say it, and what to do.
  const failed = store.list().flatMap(({ voice, state }) => (state.state === 'failed' ? [{ id: voice.id, ...state }] : []));
  for (const { id, reason, nextTry } of failed) {
    output.out(`\n${id} failed: ${reason.replace(/[.\s]+$/, "")}. The server tries again after ${nextTry.toISOString()}; \`pagecast voices install ${id}\` tries now.\n`);
  }
  if (failed.length > 0) output.out(`${VOICE_DOWNLOAD_HINT}\n`);
  output.out(
    '\nUSE: "ok" voices are licensed for a paid service; NON-COMMERCIAL and UNCLEAR ones are never a default nor downloaded by\n' +
      'themselves: installing one by name is your decision to accept its licence (read its model card first).\n',
  );
  for (const voice of store.catalogue.filter((v) => v.speakers)) {
    output.out(`\n${voice.id} speaks as ${voice.speakers!.length} voices: ${voice.speakers!.map((s) => `${voice.id}-${s.id}`).join(', ')}\n`);
  }
  output.err(`Voices live in ${store.dir}; downloads ${config.voices.downloads ? `from ${config.voices.modelsUrl}` : 'are off (VOICE_DOWNLOADS=off)'}.\n`);
  if (!runtime.ok) output.err(`Natural voices cannot run on this system: ${runtime.reason}; espeak speaks instead.\n`);
  return 0;
}

async function install(id: string, force: boolean, output: CliOutput): Promise<number> {
  const { store } = await openStore();
  const voice = store.catalogue.find((v) => v.id === id);
  if (!voice) throw new UsageError(`No voice "${id}"; \`pagecast voices\` lists them`);
  if (voice.licenceUse !== 'commercial') {
    const use = voice.licenceUse === 'non-commercial' ? 'for non-commercial use only' : 'under terms that are unclear';
    output.err(`Warning: ${id} is licensed ${use} (${voice.licence}): a paid service may not use it. Read its model card: ${voice.licenceSource}\n`);
  }
  let shown = -1;
  store.subscribe((event) => {
    if (event.type !== 'progress' || !event.total) return;
    const percent = Math.floor((event.received / event.total) * 10) * 10;
    if (percent === shown) return;
    shown = percent;
    output.err(`${id}: ${percent}% of ${Math.round(event.total / MB)} MB\n`);
  });
  try {
    const installed = await store.install(id, { force, ignoreBackoff: true });
    output.out(`${id} installed in ${installed.dir} (archive SHA-256 ${installed.sha256})\n`);
    return 0;
  } catch (error) {
    output.err(`${id} was not installed: ${(error as Error).message}\n${VOICE_DOWNLOAD_HINT}\n`);
    return 1;
  }
}

export const voicesCommand: CliCommand = {
  name: 'voices',
  usage: 'pagecast voices [install ID [--force]]',
  summary: 'list the natural voices and their state here, or install one ahead of time',
  async run(args, output) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const [verb, id, ...extra] = parsed.positionals;
    if (!verb) {
      if (parsed.values.force) throw new UsageError('--force goes with install: pagecast voices install ID --force');
      return list(output);
    }
    if (verb !== 'install') throw new UsageError(`Unknown voices command: ${verb}`);
    if (!id) throw new UsageError('Name the voice to install');
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
    return install(id, parsed.values.force ?? false, output);
  },
};
