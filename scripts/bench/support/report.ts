/** Figures and plain, aligned tables for the benchmarks' output. */
import os from 'node:os';

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/** Seconds with two decimals, from milliseconds. */
export const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** A table: the first column left-aligned, the others right-aligned, two spaces between. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** The machine's state, to read noisy figures by. */
export function machineNote(): string {
  return `machine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min)`;
}
