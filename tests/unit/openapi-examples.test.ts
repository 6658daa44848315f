// Issue 36: every example the document shows (request bodies and answers, every media type) is
// valid against the schema beside it, by Ajv, not by the zod schemas the document comes from.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/openapi/document';
import type { MediaType, RequestBody, ResponseObject } from '@/lib/openapi/types';
import { documentValidator, pointerToken } from '../support/openapi-validator';

const doc = openApiDocument();
const validator = documentValidator(doc);

interface Case {
  name: string;
  pointer: string;
  value: unknown;
}

function mediaCases(at: string, content: Record<string, MediaType> | undefined): Case[] {
  return Object.entries(content ?? {}).flatMap(([type, media]) =>
    Object.entries(media.examples ?? {}).flatMap(([name, example]) =>
      'value' in example
        ? [
            {
              name: `${at} ${type} ${name}`,
              pointer: `${at}/content/${pointerToken(type)}/schema`,
              value: example.value,
            },
          ]
        : [],
    ),
  );
}

const cases: Case[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const at = `#/paths/${pointerToken(path)}/${method}`;
    const body = operation.requestBody as RequestBody | undefined;
    const responses = Object.entries(operation.responses as Record<string, ResponseObject>);
    return [
      ...mediaCases(`${at}/requestBody`, body?.content),
      ...responses.flatMap(([status, response]) => mediaCases(`${at}/responses/${status}`, response.content)),
    ];
  }),
);

describe('every documented example is valid against its schema', () => {
  it('there are examples of requests, successes and problems', () => {
    expect(cases.filter((c) => c.pointer.includes('/requestBody/')).length).toBeGreaterThan(5);
    expect(cases.filter((c) => /\/responses\/2/.test(c.pointer)).length).toBeGreaterThan(5);
    expect(cases.filter((c) => /\/responses\/4/.test(c.pointer)).length).toBeGreaterThan(10);
  });

  it('the validator refuses what breaks a schema', () => {
    expect(validator.errors('#/components/schemas/VerifyResponse', {})).not.toEqual([]);
    expect(validator.errors('#/components/schemas/Problem', { status: 'x' })).not.toEqual([]);
    expect(validator.errors('#/components/schemas/VerifyRequest', { emails: 'not-an-array' })).not.toEqual(
      [],
    );
  });

  it.each(cases)('$name', ({ pointer, value }) => {
    expect(validator.errors(pointer, value)).toEqual([]);
  });
});
