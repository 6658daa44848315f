// The keyed lists API (issue 33): a workspace's block and allow lists read and changed with a key
// of scope `lists`. The same schemas and service functions as the console's routes
// (app/api/console/lists/entries), each change audited with the key as its actor.
import { serverSecret } from '@/lib/config/secret';
import {
  LIST_ENTRY_ID,
  LIST_KINDS,
  LISTS,
  listEntryInputSchema,
  updateListEntryRequestSchema,
} from '@/lib/contract/console/workspace-lists';
import { MAX_INGEST_BODY_BYTES } from '@/lib/contract/limits';
import { listEntriesApiQuerySchema } from '@/lib/contract/schemas/lists';
import { db } from '@/lib/db/client';
import { inputProblem } from '@/lib/http/api-route';
import { ProblemError } from '@/lib/http/problem';
import { schemaRef } from '@/lib/openapi/components';
import { jsonBody, jsonResponse, noContent } from '@/lib/openapi/operation-parts';
import type { Parameter } from '@/lib/openapi/types';
import { parseWith } from '@/lib/services/parse-with';
import {
  addListEntries,
  importListEntries,
  listEntries,
  removeListEntry,
  updateListEntry,
} from '@/lib/services/workspace-lists';
import { keyedOperation, type RunContext } from '../operation';
import { BODY_ERRORS } from './problem-sets';

const ENTRIES = '/api/lists/entries';
const ENTRY = '/api/lists/entries/{id}';
const SCOPE_NOTE = 'Every change is in the audit log with the key as its actor.';
const NO_STORE = { 'Cache-Control': 'no-store' };

const unknownEntry = () =>
  new ProblemError(404, 'UNKNOWN_LIST_ENTRY', 'No list entry with this id exists in this workspace.');

/** The `{id}` of the path, when it can name an entry at all (anything else is unknown alike). */
function entryId({ params }: RunContext): string {
  const id = params.id ?? '';
  if (!LIST_ENTRY_ID.test(id)) throw unknownEntry();
  return id;
}

const EXAMPLE_ENTRY = {
  id: 'wle_4Hq8sRk2Vn7TbW3xPz9LmC',
  list: 'block',
  kind: 'email_domain',
  value: 'fraud-ring.example',
  reason: 'Chargebacks from this domain, case 1182',
  createdBy: 'key_7Yt2Qm9Xc4Rw8Lp3Nv6Bz1',
  createdAt: '2026-07-01T12:00:00.000Z',
  expiresAt: '2026-12-31T23:59:59.000Z',
  expired: false,
} as const;

const idParameter: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The id of the entry (`wle_`…).',
  schema: { type: 'string', maxLength: 26, examples: [EXAMPLE_ENTRY.id] },
};

const queryParameters: Parameter[] = [
  { name: 'list', in: 'query', description: 'Only this list.', schema: { type: 'string', enum: [...LISTS] } },
  {
    name: 'kind',
    in: 'query',
    description: 'Only entries of this kind.',
    schema: { type: 'string', enum: [...LIST_KINDS] },
  },
  {
    name: 'q',
    in: 'query',
    description: 'A value to look up exactly, in every kind it reads as (an e-mail, a domain, an IP…).',
    schema: { type: 'string', maxLength: 500 },
  },
  {
    name: 'cursor',
    in: 'query',
    description: 'The `next` of the previous page.',
    schema: { type: 'string', maxLength: 26, pattern: LIST_ENTRY_ID.source },
  },
  {
    name: 'limit',
    in: 'query',
    description: 'Entries per page (default 50).',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 200 },
  },
];

export const listListEntriesOperation = keyedOperation({
  id: 'listListEntries',
  method: 'GET',
  path: ENTRIES,
  scope: 'lists',
  bucket: 'lists.entries.list',
  summary: "List the workspace's list entries",
  tag: 'Lists',
  description:
    "The entries of the key's workspace's block and allow lists, newest first, expired ones too " +
    "(marked), a page at a time: send the answer's `next` as `cursor` for the next page. An SSN " +
    'shows only its last four digits.',
  problems: ['INVALID_INPUT'],
  read: async () => null,
  run: async (_input, { caller, query }) => {
    const parsed = parseWith(listEntriesApiQuerySchema, query);
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    const { q, cursor, ...filters } = parsed.value;
    const page = await listEntries(db(), serverSecret(), caller.workspaceId, {
      ...filters,
      value: q,
      before: cursor,
    });
    return Response.json(page, { headers: NO_STORE });
  },
  docs: () => ({
    parameters: queryParameters,
    responses: {
      '200': jsonResponse('ListEntryPage', 'A page of entries.', {
        page: { summary: 'The last page', value: { entries: [EXAMPLE_ENTRY], next: null } },
      }),
    },
  }),
});

export const addListEntryOperation = keyedOperation({
  id: 'addListEntry',
  method: 'POST',
  path: ENTRIES,
  scope: 'lists',
  bucket: 'lists.entries.add',
  summary: 'Add a list entry',
  tag: 'Lists',
  description:
    'Adds a value to the block or allow list; Verify matches it from the next call (check ' +
    '`WORKSPACE_LIST`) until it expires or is removed. A value already on that list keeps its entry, ' +
    `which takes the new reason and expiry. ${SCOPE_NOTE} An SSN is stored as a keyed hash only.`,
  problems: BODY_ERRORS,
  parse: (body) => parseWith(listEntryInputSchema, body),
  run: async (entry, { caller }) => {
    const result = await addListEntries(db(), serverSecret(), caller, {
      entries: [entry],
      author: caller.actor,
    });
    const [saved] = result.saved;
    if (!saved)
      throw inputProblem(
        'INVALID_INPUT',
        result.rejected.map(({ field, message }) => ({
          path: field,
          message: `${field}: ${message}`,
          code: 'INVALID_INPUT' as const,
        })),
      );
    return Response.json(saved, { status: 201 });
  },
  docs: () => ({
    requestBody: jsonBody('ListEntryRequest', 'The entry.', {
      domain: {
        summary: 'Block an e-mail domain until the end of the year',
        value: {
          list: 'block',
          kind: 'email_domain',
          value: 'fraud-ring.example',
          reason: 'Chargebacks from this domain, case 1182',
          expiresAt: '2026-12-31T23:59:59Z',
        },
      },
    }),
    responses: {
      '201': jsonResponse('ListEntry', 'The entry as stored.', {
        added: { summary: 'Added', value: EXAMPLE_ENTRY },
      }),
    },
  }),
});

export const updateListEntryOperation = keyedOperation({
  id: 'updateListEntry',
  method: 'PATCH',
  path: ENTRY,
  scope: 'lists',
  bucket: 'lists.entries.update',
  summary: 'Change a list entry',
  tag: 'Lists',
  description:
    "Changes an entry's reason or expiry (`expiresAt: null`: never expires). Its list, kind and " +
    `value are what it is: another value is another entry. ${SCOPE_NOTE} An id that is not one of ` +
    "the workspace's entries answers 404 `UNKNOWN_LIST_ENTRY`.",
  problems: [...BODY_ERRORS, 'UNKNOWN_LIST_ENTRY'],
  parse: (body) => parseWith(updateListEntryRequestSchema, body),
  run: async (change, context) => {
    const result = await updateListEntry(db(), serverSecret(), context.caller, entryId(context), change);
    if (result.ok) return Response.json(result.entry);
    if (result.reason === 'not_found') throw unknownEntry();
    throw inputProblem('INVALID_INPUT', [
      { path: result.field, message: `${result.field}: ${result.message}`, code: 'INVALID_INPUT' },
    ]);
  },
  docs: () => ({
    parameters: [idParameter],
    requestBody: jsonBody('ListEntryChangeRequest', 'A new reason, a new expiry, or both.', {
      extend: { summary: 'Extend the expiry', value: { expiresAt: '2027-06-30T23:59:59Z' } },
    }),
    responses: {
      '200': jsonResponse('ListEntry', 'The entry as changed.', {
        changed: { summary: 'Changed', value: { ...EXAMPLE_ENTRY, expiresAt: '2027-06-30T23:59:59.000Z' } },
      }),
    },
  }),
});

export const removeListEntryOperation = keyedOperation({
  id: 'removeListEntry',
  method: 'DELETE',
  path: ENTRY,
  scope: 'lists',
  bucket: 'lists.entries.remove',
  summary: 'Remove a list entry',
  tag: 'Lists',
  description:
    `Removes an entry: Verify stops matching it from the next call. ${SCOPE_NOTE} An id that is ` +
    "not one of the workspace's entries answers 404 `UNKNOWN_LIST_ENTRY`.",
  problems: ['UNKNOWN_LIST_ENTRY'],
  read: async () => null,
  run: async (_input, context) => {
    if (!(await removeListEntry(db(), context.caller, entryId(context)))) throw unknownEntry();
    return new Response(null, { status: 204 });
  },
  docs: () => ({
    parameters: [idParameter],
    responses: { '204': noContent('Removed.') },
  }),
});

const CSV_EXAMPLE =
  'list,kind,value,reason,expires_at\r\n' +
  'block,email_domain,fraud-ring.example,Chargebacks case 1182,2026-12-31\r\n' +
  'allow,ip,203.0.113.7,Office egress,\r\n';

export const importListEntriesOperation = keyedOperation({
  id: 'importListEntries',
  method: 'POST',
  path: '/api/lists/entries/import',
  scope: 'lists',
  bucket: 'lists.entries.import',
  summary: 'Import list entries',
  tag: 'Lists',
  description:
    'Adds many entries at once, from CSV (`text/csv`: a header naming list, kind, value, reason ' +
    "and optionally expires_at, in any order; the console's export reads back as is) or JSON " +
    '(`{"entries": [...]}`). Each entry is checked on its own: the valid ones are stored and the ' +
    'others reported by position, and for CSV by line. A value already on its list keeps its ' +
    'entry (which takes the new reason and expiry), so importing a file again loses nothing. At ' +
    `most 100,000 entries and 32 MiB. ${SCOPE_NOTE} A file that cannot be read at all is a 400 ` +
    'naming `body`, and nothing is stored.',
  problems: BODY_ERRORS,
  read: (body) => body.table(),
  run: async (file, { caller }) => {
    const imported = await importListEntries(db(), serverSecret(), caller, file);
    if (!imported.ok) throw inputProblem('INVALID_INPUT', imported.errors);
    return Response.json(imported.result);
  },
  docs: () => ({
    requestBody: {
      description: 'The entries, as CSV or JSON.',
      required: true,
      content: {
        'application/json': {
          schema: schemaRef('ListImportRequest'),
          examples: {
            two: {
              summary: 'Two entries',
              value: {
                entries: [
                  {
                    list: 'block',
                    kind: 'email_domain',
                    value: 'fraud-ring.example',
                    reason: 'Chargebacks case 1182',
                    expiresAt: '2026-12-31T23:59:59Z',
                  },
                  { list: 'allow', kind: 'ip', value: '203.0.113.7', reason: 'Office egress' },
                ],
              },
            },
          },
        },
        'text/csv': {
          schema: {
            type: 'string',
            maxLength: MAX_INGEST_BODY_BYTES,
            description: 'A header row, then one entry per line.',
          },
          examples: { two: { summary: 'Two entries', value: CSV_EXAMPLE } },
        },
      },
    },
    responses: {
      '200': jsonResponse('ListImportResult', 'What was stored and what was refused.', {
        mixed: {
          summary: 'A bad line among good ones',
          value: {
            received: 3,
            saved: 2,
            rejected: [{ index: 1, line: 3, field: 'value', message: 'email_domain is not a domain name' }],
          },
        },
      }),
    },
  }),
});
