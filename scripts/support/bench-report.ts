// What the benchmark scripts share: percentiles, Markdown tables on stdout, a recursive file
// listing of a reference folder, and the heap after a forced GC (run with --expose-gc).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type Row = Record<string, string | number>;

/** The p-th percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A Markdown table of `rows` (columns from the first row), after `title` when given. */
export function table(rows: readonly Row[], title?: string): void {
  const first = rows[0];
  if (!first) return;
  if (title !== undefined) console.log(`\n${title}`);
  const headers = Object.keys(first);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(headers.map((h) => String(row[h]))));
}

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export const gc = (globalThis as { gc?: () => void }).gc;

/** Heap in use after a full collection, when the script runs with --expose-gc. */
export function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}
