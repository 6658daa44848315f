// `npm run checks:doc`: runs every example of docs/examples through the request parser and the
// check engine, and writes docs/checks.md; exits 1, writing nothing, when an example misses its state.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildChecksDoc } from '@/docs/examples/checks-doc';

const target = fileURLToPath(new URL('../docs/checks.md', import.meta.url));
const { markdown, problems } = buildChecksDoc();
if (problems.length > 0) {
  process.stderr.write(
    `checks:doc: ${problems.length} problem${problems.length === 1 ? '' : 's'}, docs/checks.md not written:\n` +
      problems.map((problem) => `  - ${problem}\n`).join(''),
  );
  process.exit(1);
}
writeFileSync(target, markdown);
process.stdout.write(`checks:doc: wrote docs/checks.md (${markdown.split('\n').length} lines)\n`);
