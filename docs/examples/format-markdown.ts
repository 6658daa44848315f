// Formats Markdown with the repository's Biome (`biome check .` formats .md files too), so the
// generated docs/checks.md is lint-clean as written.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `text` as Biome formats the file at `repoPath` (its biome.json applies). */
export function formatMarkdown(text: string, repoPath: string): string {
  const biome = require.resolve('@biomejs/biome/bin/biome');
  const run = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=${repoPath}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome format failed: ${run.stderr || run.error?.message}`);
  return run.stdout;
}
