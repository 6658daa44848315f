// The layering is enforced by lint (biome.json): each rule is shown to catch a forbidden import, and
// to let the allowed ones through, by running Biome with the project's configuration on fixtures.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const biome = path.resolve('node_modules/@biomejs/biome/bin/biome');

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

const ENGINE = 'lib/engine is pure';
const LIB = 'lib/ never imports from app/ or components/';
const CONTRACT = 'lib/contract is the browser-safe contract';
const COMPONENTS = 'components/ never imports lib/db or lib/services';
const RELATIONS = 'No relations() blocks';

/** Fixture file, the import it makes, and the rule message it must raise (null: allowed). */
const FIXTURES: Array<[string, string, string | null]> = [
  ['lib/engine/db.ts', "import { db } from '@/lib/db/client';", ENGINE],
  ['lib/engine/db-relative.ts', "import { db } from '../db/client';", ENGINE],
  ['lib/engine/drizzle.ts', "import { eq } from 'drizzle-orm';", ENGINE],
  ['lib/engine/pg.ts', "import pg from 'pg';", ENGINE],
  ['lib/engine/next.ts', "import { NextResponse } from 'next/server';", ENGINE],
  ['lib/engine/services.ts', "import { verify } from '@/lib/services/verify';", ENGINE],
  ['lib/engine/http.ts', "import { problem } from '@/lib/http/problem';", ENGINE],
  ['lib/engine/components.ts', "import { Button } from '@/components/ui/button';", LIB],
  [
    'lib/engine/allowed.ts',
    "import { z } from 'zod';\nimport { LIMITS } from '@/lib/contract/limits';",
    null,
  ],
  ['lib/services/app.ts', "import { GET } from '@/app/api/health/route';", LIB],
  ['lib/services/components.ts', "import { Button } from '../../components/ui/button';", LIB],
  [
    'lib/services/allowed.ts',
    "import { eq } from 'drizzle-orm';\nimport { db } from '@/lib/db/client';",
    null,
  ],
  ['lib/db/schema/app.ts', "import { page } from '@/app/page';", LIB],
  ['lib/db/schema/relations.ts', "import { relations } from 'drizzle-orm';", RELATIONS],
  ['lib/db/schema/allowed.ts', "import { sql } from 'drizzle-orm';", null],
  ['lib/contract/node.ts', "import { createHash } from 'node:crypto';", CONTRACT],
  ['lib/contract/normalize.ts', "import { normalizeEmail } from '@/lib/engine/normalize/email';", CONTRACT],
  ['lib/contract/parser.ts', "import { parseRecord } from '@/lib/engine/ingest/parse-record';", CONTRACT],
  ['lib/contract/request-parser.ts', "import { parseRequest } from '@/lib/engine/request';", CONTRACT],
  ['lib/contract/db.ts', "import { sessions } from '@/lib/db/schema';", CONTRACT],
  ['lib/contract/services.ts', "import { SCOPES } from '@/lib/services/keys/key-material';", CONTRACT],
  ['lib/contract/components.ts', "import { Button } from '@/components/ui/button';", LIB],
  [
    'lib/contract/allowed.ts',
    "import type { FieldError } from '@/lib/engine/types';\nimport { z } from 'zod';",
    null,
  ],
  ['components/db.tsx', "import { sessions } from '@/lib/db/schema';", COMPONENTS],
  ['components/services.tsx', "import { verify } from '@/lib/services/verify';", COMPONENTS],
  ['components/service-type.tsx', "import type { VerifyResponse } from '@/lib/services/verify';", COMPONENTS],
  ['components/allowed.tsx', "import { LIMITS } from '@/lib/contract/limits';", null],
];

let dir = '';
let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'verity-lint-'));
  // The project's rules, on the fixtures only (no VCS ignore file in the temporary folder).
  const config = JSON.parse(readFileSync('biome.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ ...config, vcs: { enabled: false }, files: { includes: ['**'] } }),
  );
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\nexport const used = 1;\n`);
  };
  for (const [file, source] of FIXTURES) write(file, source);
  // Two modules importing each other.
  write('lib/cycle/first.ts', "import { second } from './second';\nexport const first = () => second;");
  write('lib/cycle/second.ts', "import { first } from './first';\nexport const second = () => first;");
  let stdout = '';
  try {
    ({ stdout } = await run(
      process.execPath,
      [biome, 'lint', '--reporter=json', '--max-diagnostics=none', '.'],
      {
        cwd: dir,
      },
    ));
  } catch (error) {
    // Biome exits non-zero when it reports errors, which the fixtures are there to cause.
    stdout = (error as { stdout?: string }).stdout ?? '';
  }
  diagnostics = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const restricted = (file: string) =>
  diagnostics.filter((d) => d.location.path === file && d.category === 'lint/style/noRestrictedImports');

describe('noRestrictedImports keeps the layers apart', () => {
  it.each(FIXTURES)('%s: %s', (file, _source, message) => {
    const found = restricted(file);
    if (message === null) expect(found).toEqual([]);
    else {
      expect(found).toHaveLength(1);
      expect(found[0]?.message).toContain(message);
    }
  });
});

describe('noImportCycles', () => {
  it('reports two modules importing each other', () => {
    const cycles = diagnostics.filter((d) => d.category === 'lint/suspicious/noImportCycles');
    expect(cycles.map((d) => d.location.path).sort()).toEqual(['lib/cycle/first.ts', 'lib/cycle/second.ts']);
  });
});

describe('the layers hold without exceptions', () => {
  it('no file of the project silences the layering rule', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = ['app', 'components', 'lib', 'scripts'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(ts|tsx)$/.test(name))
        .map((name) => path.join(folder, name)),
    );
    const silenced = files.filter((file) =>
      readFileSync(path.join(root, file), 'utf8').includes('biome-ignore lint/style/noRestrictedImports'),
    );
    expect(silenced).toEqual([]);
  });
});
