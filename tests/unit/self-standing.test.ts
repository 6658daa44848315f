// A clone of the repository is all a reader has: no file may send them to documents outside it,
// and every relative link of the README and docs/ must land on a file (and heading) that exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** Tracked files, plus new ones not ignored, so a file is checked before its first commit. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter((file) => file !== ''))]
    .filter((file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile())
    .sort();
}

const FILES = repositoryFiles();

// Documents that lived beside the repository, never in it.
const OUTSIDE = [/\.\.\/shared/, /\bshared\/spec\b/, /\binterface\.md\b/, /\bdecisions\.md\b/];

/** Text of a file, or null for binary content. */
function textOf(file: string): string | null {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

describe('no reference to documents outside the repository', () => {
  // reference-data/ is a dated snapshot of third-party files, kept byte for byte.
  const checked = FILES.filter((file) => !file.startsWith('reference-data/') && file !== SELF);

  it('lists the repository files', () => {
    expect(checked.length).toBeGreaterThan(100);
    expect(checked).toContain('README.md');
  });

  it('names neither the spec folder beside the repository nor its two documents', () => {
    const found: string[] = [];
    for (const file of checked) {
      const text = textOf(file);
      if (text === null) continue;
      text.split('\n').forEach((line, index) => {
        if (OUTSIDE.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Markdown links.

interface Link {
  line: number;
  target: string;
}

/** Links outside fenced code blocks and inline code, as a renderer would see them. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  markdown.split('\n').forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = raw.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: match[1] ?? '' });
    }
  });
  return links;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(text) ?? 0;
    counts.set(text, seen + 1);
    anchors.add(seen === 0 ? text : `${text}-${seen}`);
  }
  return anchors;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('relative links of README.md and docs/ point at files of the repository', () => {
  const documents = FILES.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));
  const tracked = new Set(FILES);
  const directories = new Set(
    FILES.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );

  it('finds the documents and their links', () => {
    expect(documents).toContain('README.md');
    expect(documents).toContain('docs/api/README.md');
    expect(
      documents.flatMap((file) => linksOf(readFileSync(path.join(ROOT, file), 'utf8'))).length,
    ).toBeGreaterThan(20);
  });

  it.each(documents)('%s', (file) => {
    const broken: string[] = [];
    for (const { line, target } of linksOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
      // Site paths (/api/openapi.json) belong to a running server, not to the repository.
      if (isExternal(target) || target.startsWith('/')) continue;
      const [rawPath = '', anchor] = target.split('#');
      const linked =
        rawPath === ''
          ? file
          : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
      const where = `${file}:${line} -> ${target}`;
      if (linked.startsWith('../') || (!tracked.has(linked) && !directories.has(linked.replace(/\/$/, '')))) {
        broken.push(`${where} (no such file in the repository)`);
        continue;
      }
      if (
        anchor &&
        linked.endsWith('.md') &&
        !anchorsOf(readFileSync(path.join(ROOT, linked), 'utf8')).has(anchor)
      ) {
        broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
