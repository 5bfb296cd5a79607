/**
 * Whether the natural voices can run on this system at all. The prebuilt sherpa-onnx-node addon needs
 * glibc 2.32 and GLIBCXX 3.4.29 on Linux (Debian 12, Ubuntu 22.04, RHEL 9 and later; not Debian 11,
 * Ubuntu 20.04, RHEL 8 nor Alpine's musl). Checked once a process: the C library's version, then the
 * addon loaded in a child process (a load that fails must not touch the server), with the reason in a
 * sentence an administrator can act on.
 */
import { execFile } from 'node:child_process';

export type NaturalRuntime = { ok: true } | { ok: false; reason: string };

/** The glibc the prebuilt addon is built against. */
export const MIN_GLIBC = '2.32';

const newer = (version: string, floor: string) => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [c = 0, d = 0] = floor.split('.').map(Number);
  return a > c || (a === c && b >= d);
};

/** Why this C library cannot run the addon, or null when it can (or is not Linux's). */
export function cLibraryReason(report: { header?: { glibcVersionRuntime?: string } } | undefined, platform = process.platform): string | null {
  if (platform !== 'linux') return null;
  const glibc = report?.header?.glibcVersionRuntime;
  if (!glibc) return 'this Linux has no glibc (musl, as on Alpine), and the sherpa-onnx-node addon is built for glibc';
  if (!newer(glibc, MIN_GLIBC)) return `this system has glibc ${glibc}, and the sherpa-onnx-node addon needs glibc ${MIN_GLIBC} or later (with GLIBCXX 3.4.29)`;
  return null;
}

/** The addon's load error in a few words: the missing symbol version when that is it. */
function loadFailure(stderr: string, fallback: string): string {
  const missing = stderr.match(/version `(GLIBC(?:XX)?_[\d.]+)' not found/);
  if (missing) return `the sherpa-onnx-node addon needs ${missing[1]}, which this system's C libraries lack`;
  const line = stderr.split('\n').find((l) => /Error|error:/.test(l))?.trim();
  return `the sherpa-onnx-node addon does not load here: ${(line ?? fallback).slice(0, 200)}`;
}

const LOAD = "import('sherpa-onnx-node').then(() => process.stdout.write('ok'))";

let checked: Promise<NaturalRuntime> | undefined;

/** Checks once a process; later calls answer the same. */
export function checkNaturalRuntime(): Promise<NaturalRuntime> {
  checked ??= new Promise((resolve) => {
    const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
    const reason = cLibraryReason(report);
    if (reason) return resolve({ ok: false, reason });
    execFile(process.execPath, ['-e', LOAD], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (!error && stdout === 'ok') return resolve({ ok: true });
      resolve({ ok: false, reason: loadFailure(stderr, error?.message ?? 'no answer') });
    });
  });
  return checked;
}
