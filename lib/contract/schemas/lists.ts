// The keyed lists API (issue 33): a workspace's block and allow lists managed with a key of scope
// `lists`. The entry, its input and its change are the console's schemas
// (lib/contract/console/workspace-lists.ts); this adds the query string, the page and the import.
import { z } from 'zod';
import { MAX_IMPORT_ROWS } from '../console/workspace-list-csv';
import { listEntriesQuerySchema, listEntryInputSchema, listEntrySchema } from '../console/workspace-lists';

const filters = listEntriesQuerySchema.shape;

/** GET /api/lists/entries: the console's filters, named as the API's query string names them. */
export const listEntriesApiQuerySchema = z.strictObject({
  list: filters.list,
  kind: filters.kind,
  /** A value looked up exactly, in whichever kinds it reads as. */
  q: filters.value,
  /** The `next` of the previous page. */
  cursor: filters.before,
  limit: filters.limit,
});
export type ListEntriesApiQuery = z.output<typeof listEntriesApiQuerySchema>;

export const listEntryPageSchema = z
  .object({
    entries: z.array(listEntrySchema).describe('Newest first.'),
    next: z.string().nullable().describe('Send it as `cursor` for the next page; null on the last page.'),
  })
  .describe("A page of the workspace's list entries.");

/** An import's entries: from one to MAX_IMPORT_ROWS of them. */
const importEntries = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry, 'must be an array of entries')
    .min(1, 'add at least one entry')
    .max(MAX_IMPORT_ROWS, `at most ${MAX_IMPORT_ROWS} entries per import`);

/** POST /api/lists/entries/import as JSON: each entry is checked on its own (a bad one is reported). */
export const importListEntriesRequestSchema = z
  .strictObject({ entries: importEntries(listEntryInputSchema) })
  .describe('Entries to import; or send the same as CSV (`text/csv`).');

/** The envelope read before the entries are checked one by one. */
export const importEnvelopeSchema = z.strictObject({ entries: importEntries(z.unknown()) });

export const importRejectionSchema = z
  .object({
    index: z.int().min(0).describe("The entry's position from 0 (a CSV's data rows, in order)."),
    line: z.int().min(2).optional().describe("A CSV's line (the header is line 1); absent for JSON."),
    field: z
      .string()
      .describe('The field refused: an entry field for JSON, a CSV column for CSV, `row` for a broken row.'),
    message: z.string().describe('What is wrong with it.'),
  })
  .describe('An entry the import refused; the other entries are stored all the same.');

export const importListEntriesResultSchema = z
  .object({
    received: z.int().min(0).describe('Entries read.'),
    saved: z
      .int()
      .min(0)
      .describe('Entries stored: new ones, and those already listed (which take the new reason and expiry).'),
    rejected: z.array(importRejectionSchema),
  })
  .describe('What an import stored and what it refused.');
export type ImportListEntriesResult = z.output<typeof importListEntriesResultSchema>;
export type ImportRejection = z.output<typeof importRejectionSchema>;
