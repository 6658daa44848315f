// Validates values against an OpenAPI 3.1 document's own schemas with Ajv (JSON Schema 2020-12),
// a validator independent of the zod schemas the document is generated from.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const DOCUMENT_ID = 'openapi-document';

/** A JSON pointer token (RFC 6901). */
export const pointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

export interface DocumentValidator {
  /** Errors of `value` against the schema at `pointer` ('#/paths/...'), [] when it is valid. */
  errors(pointer: string, value: unknown): string[];
}

export function documentValidator(document: object): DocumentValidator {
  // strict: false lets OpenAPI's own keywords (examples in a property, x-*) pass as annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  // OpenAPI's integer formats (the OpenAPI Format Registry), which Ajv does not know.
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return {
    errors(pointer, value) {
      const validate = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      if (validate(value)) return [];
      return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
    },
  };
}
