// lib/contract is the wire contract the browser may import: following its runtime imports must
// never reach node: built-ins, the database, Next.js or the services.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/contract/scopes';
import { SCOPES as KEY_MATERIAL_SCOPES } from '@/lib/services/keys/key-material';

const root = process.cwd();

/** The specifiers a module imports or re-exports at run time (type-only ones vanish). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** Every package and project module reachable from lib/contract through runtime imports. */
function reachable(from?: readonly string[]): { modules: string[]; packages: string[] } {
  const start =
    from?.map((file) => path.join(root, file)) ??
    readdirSync(path.join(root, 'lib/contract'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(root, 'lib/contract', name));
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      const local = resolveLocal(file, specifier);
      if (local === null) packages.add(specifier);
      else queue.push(local);
    }
  }
  return { modules: [...seen].map((file) => path.relative(root, file)), packages: [...packages] };
}

// Pure JavaScript without Node APIs: the console bundles them for the browser. A new package joins
// this list only once it is known to run in a browser.
const BROWSER_SAFE_PACKAGES = new Set([
  'zod',
  'tr46',
  'unhomoglyph',
  'ipaddr.js',
  'libphonenumber-js/max',
  '@noble/hashes/legacy.js',
  '@noble/hashes/sha2.js',
  '@noble/hashes/utils.js',
  // The console's batch page already parses CSV with it in the browser (components/batch).
  'papaparse',
  // Ships a browser build of its own (its package.json's `browser` export condition).
  'lru-cache',
]);

/** The request schemas and their field rules, which the engine's parsers take as they are. */
const REQUEST_SCHEMAS = [
  'lib/contract/schemas/request.ts',
  'lib/contract/schemas/request-items.ts',
  'lib/contract/schemas/request-rules.ts',
  'lib/contract/schemas/pattern-request.ts',
];

describe('lib/contract', () => {
  const { modules, packages } = reachable();

  it('reaches only zod and browser-safe packages: no node: built-in, database, Next.js or server package', () => {
    expect(packages).toContain('zod');
    const unknown = packages.filter((name) => !BROWSER_SAFE_PACKAGES.has(name));
    expect(unknown).toEqual([]);
  });

  it('reaches no database, service internals, transport or logger module', () => {
    expect(modules.some((file) => file.startsWith('lib/contract/'))).toBe(true);
    const server = modules.filter((file) =>
      /^lib\/(db|http|log|auth|config|crypto)\/|^lib\/services\//.test(file),
    );
    expect(server).toEqual([]);
  });

  it('reaches neither the request parser nor the engine normalisers', () => {
    const parser = modules.filter((file) =>
      /^lib\/engine\/(request|pattern-request)\.ts$|^lib\/engine\/normalize\//.test(file),
    );
    expect(parser).toEqual([]);
  });

  it('keeps the request schemas within lib/contract (the engine imports them, never the reverse)', () => {
    const outside = reachable(REQUEST_SCHEMAS).modules.filter((file) => !file.startsWith('lib/contract/'));
    expect(outside).toEqual([]);
  });

  it('states the same key scopes as the key material', () => {
    expect([...SCOPES]).toEqual([...KEY_MATERIAL_SCOPES]);
  });
});
