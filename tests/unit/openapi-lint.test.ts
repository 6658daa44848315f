// Issue 36 items 4 and 6: the document passes third-party checks as they are run from outside:
// Redocly's recommended rules, the validation Scalar's viewer (the console's API reference) runs
// on load, and the OWASP API rule that every request string, array and integer is bounded.
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { createWorkspaceStore } from '@scalar/workspace-store/client';
import { describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '@/lib/openapi/document';

const doc = openApiDocument();
const source = JSON.stringify(doc, null, 2);
type Node = Record<string, unknown>;

describe('the OpenAPI document under third-party linters', () => {
  it("passes Redocly's recommended rules with no error or warning (ignore file aside)", async () => {
    const root = process.cwd();
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    // The ignore file names the document `openapi.json`, beside the config.
    const problems = await lintFromString({ source, absoluteRef: path.join(root, 'openapi.json'), config });
    for (const problem of problems) config.addProblemToIgnore(problem);
    const left = problems
      .filter((problem) => !problem.ignored)
      .map((problem) => `${problem.ruleId} ${problem.message} ${problem.location[0]?.pointer ?? ''}`);
    expect(left).toEqual([]);
  }, 60_000);

  it("loads in Scalar's API reference with no validation error", async () => {
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });
    // Scalar times its steps with console.log; keep the test output clean.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const store = createWorkspaceStore();
      await store.addDocument({ name: 'verity', document: JSON.parse(source) });
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
    const errors = warnings.flatMap((args) =>
      args.flatMap((arg) =>
        Array.isArray(arg) ? arg.map((error) => `${error?.message} ${error?.path}`) : [String(arg)],
      ),
    );
    expect(errors).toEqual([]);
  }, 60_000);
});

/** Every place under a request schema where a string, array or integer has no bound. */
function unbounded(schema: unknown, at: string, out: string[]): void {
  if (typeof schema !== 'object' || schema === null || '$ref' in schema) return;
  const node = schema as Node;
  const branches = [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? [])];
  const properties = Object.entries((node.properties as Node | undefined) ?? {});
  for (const [name, value] of properties) unbounded(value, `${at}.${name}`, out);
  // A union's type only sums its branches' (lib/openapi/components.ts): the branches bear the bounds.
  if (branches.length > 0) {
    for (const branch of branches) unbounded(branch, at, out);
    return;
  }
  const types = ([] as unknown[]).concat(node.type ?? []);
  const fixed = 'enum' in node || 'const' in node;
  if (types.includes('string') && !fixed && typeof node.maxLength !== 'number') out.push(`${at}: string`);
  if (types.includes('array') && typeof node.maxItems !== 'number') out.push(`${at}: array`);
  if (types.includes('integer') && (typeof node.maximum !== 'number' || typeof node.format !== 'string')) {
    out.push(`${at}: integer`);
  }
  if (node.items !== undefined) unbounded(node.items, `${at}[]`, out);
}

describe('every request field is bounded (OWASP API4:2019 string, array and integer limits)', () => {
  const schemas = doc.components.schemas as Record<string, Node>;
  // The request side: the bodies the operations take, and what they reference.
  const requestSchemas = Object.keys(schemas).filter((id) =>
    /Request$|^Ingest(Event|Record)$|Record$|Batch$/.test(id),
  );

  it('covers every request body of the document, and inline bodies are bounded', () => {
    const bodies = Object.entries(doc.paths).flatMap(([at, item]) =>
      Object.values(item).flatMap((operation) => {
        const content = (operation as { requestBody?: { content?: Record<string, { schema?: Node }> } })
          .requestBody?.content;
        return Object.entries(content ?? {}).map(([type, media]) => ({
          at: `${at} ${type}`,
          schema: media.schema,
        }));
      }),
    );
    expect(bodies.length).toBeGreaterThan(0);
    const out: string[] = [];
    for (const { at, schema } of bodies) {
      if (typeof schema?.$ref === 'string') expect(requestSchemas).toContain(schema.$ref.split('/').pop());
      else unbounded(schema, at, out);
    }
    expect(out).toEqual([]);
  });

  it.each(requestSchemas)('%s', (id) => {
    const out: string[] = [];
    unbounded(schemas[id], id, out);
    expect(out).toEqual([]);
  });

  it('and every parameter', () => {
    const out: string[] = [];
    const parameters = doc.components.parameters as Record<string, { name: string; schema?: unknown }>;
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of (operation as { parameters?: Node[] }).parameters ?? []) {
          const resolved =
            typeof parameter.$ref === 'string'
              ? parameters[parameter.$ref.split('/').pop() ?? '']
              : (parameter as { name: string; schema?: unknown });
          unbounded(resolved?.schema, `parameter ${resolved?.name}`, out);
        }
      }
    }
    expect(out).toEqual([]);
  });
});
