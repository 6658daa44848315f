// The operations of the OpenAPI document, as the explorer offers them: method, path, what they
// need and the request examples the document carries.

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperationExample {
  name: string;
  summary: string;
  /** Pretty JSON, ready for the body editor. */
  body: string;
}

export interface ExplorerOperation {
  /** operationId, or method and path when the document has none. */
  id: string;
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** The key scope it needs; null when it needs no key. */
  scope: string | null;
  /** Whether it takes a JSON body. */
  hasBody: boolean;
  examples: OperationExample[];
}

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS: readonly Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];

function jsonExamples(requestBody: unknown): { hasBody: boolean; examples: OperationExample[] } {
  const media =
    isRecord(requestBody) && isRecord(requestBody.content) ? requestBody.content['application/json'] : null;
  if (!isRecord(media)) return { hasBody: false, examples: [] };
  const examples = isRecord(media.examples)
    ? Object.entries(media.examples).flatMap(([name, example]) =>
        isRecord(example) && 'value' in example
          ? [
              {
                name,
                summary: typeof example.summary === 'string' ? example.summary : name,
                body: JSON.stringify(example.value, null, 2),
              },
            ]
          : [],
      )
    : [];
  return { hasBody: true, examples };
}

function scopeOf(operation: JsonRecord): string | null {
  if (typeof operation['x-scope'] === 'string') return operation['x-scope'];
  const security = Array.isArray(operation.security) ? operation.security : [];
  for (const requirement of security) {
    if (!isRecord(requirement)) continue;
    for (const roles of Object.values(requirement)) {
      if (Array.isArray(roles) && typeof roles[0] === 'string') return roles[0];
    }
  }
  return null;
}

/** Every operation of the document, in document order. Tolerates a partial document. */
export function explorerOperations(document: unknown): ExplorerOperation[] {
  if (!isRecord(document) || !isRecord(document.paths)) return [];
  return Object.entries(document.paths).flatMap(([path, item]) => {
    if (!isRecord(item)) return [];
    return METHODS.flatMap((method): ExplorerOperation[] => {
      const operation = item[method.toLowerCase()];
      if (!isRecord(operation)) return [];
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      return [
        {
          id: typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
          method,
          path,
          summary: typeof operation.summary === 'string' ? operation.summary : `${method} ${path}`,
          tag: typeof tags[0] === 'string' ? tags[0] : 'Other',
          scope: scopeOf(operation),
          ...jsonExamples(operation.requestBody),
        },
      ];
    });
  });
}
