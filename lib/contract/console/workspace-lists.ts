// A workspace's own block and allow lists (issue 33): one schema for the console's add form, the
// routes' parsers and the types. The value itself is read per kind by the engine
// (lib/engine/lists/workspace-entry.ts), which reports an entry of the wrong shape by its position.
import { z } from 'zod';

export const LIST_KINDS = ['email', 'email_domain', 'phone', 'ip', 'cidr', 'ssn', 'name'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const LISTS = ['block', 'allow'] as const;
export type ListName = (typeof LISTS)[number];

/** How many entries one POST may carry (a CSV import sends its rows in pages of this size). */
export const MAX_ENTRIES_PER_REQUEST = 1000;
export const REASON_MAX_CHARS = 500;
/** An ISO 8601 date and time is far shorter; the bound is the API's (every request string has one). */
const EXPIRY_MAX_CHARS = 64;
/** An entry's id (lib/ids: `wle_` and 22 base58 digits). */
export const LIST_ENTRY_ID = /^wle_[1-9A-HJ-NP-Za-km-z]{22}$/;

export const LIST_LABEL: Record<ListName, string> = { block: 'Block', allow: 'Allow' };
export const KIND_LABEL: Record<ListKind, string> = {
  email: 'E-mail',
  email_domain: 'E-mail domain',
  phone: 'Phone',
  ip: 'IP address',
  cidr: 'IP range (CIDR)',
  ssn: 'SSN',
  name: 'Name',
};

export const listEntryInputSchema = z.strictObject({
  list: z.enum(LISTS, 'must be block or allow'),
  kind: z.enum(LIST_KINDS, `must be one of ${LIST_KINDS.join(', ')}`),
  value: z.string('must be text').trim().min(1, 'is required').max(500, 'at most 500 characters'),
  reason: z
    .string('must be text')
    .trim()
    .min(1, 'say why: a reason is required')
    .max(REASON_MAX_CHARS, `at most ${REASON_MAX_CHARS} characters`),
  /** ISO 8601 with an offset; absent or null: until removed. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2026-12-31T23:59:00Z' })
    .max(EXPIRY_MAX_CHARS, `at most ${EXPIRY_MAX_CHARS} characters`)
    .nullish(),
});
export type ListEntryInputBody = z.output<typeof listEntryInputSchema>;

/** POST /api/console/lists/entries */
export const addListEntriesRequestSchema = z.strictObject({
  entries: z
    .array(listEntryInputSchema, 'must be an array of entries')
    .min(1, 'add at least one entry')
    .max(MAX_ENTRIES_PER_REQUEST, `at most ${MAX_ENTRIES_PER_REQUEST} entries per request`),
});

/** PATCH /api/console/lists/entries/{id}: a new reason, a new expiry (null: never), or both. */
export const updateListEntryRequestSchema = listEntryInputSchema
  .pick({ reason: true, expiresAt: true })
  .partial()
  .refine((body) => body.reason !== undefined || body.expiresAt !== undefined, {
    message: 'give a reason, an expiresAt, or both',
    path: ['reason'],
  });
export type UpdateListEntryBody = z.output<typeof updateListEntryRequestSchema>;

/** Query strings arrive as text; an empty parameter means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** GET /api/console/lists/entries */
export const listEntriesQuerySchema = z.strictObject({
  list: optional(z.enum(LISTS, 'must be block or allow')),
  kind: optional(z.enum(LIST_KINDS, `must be one of ${LIST_KINDS.join(', ')}`)),
  value: optional(z.string().trim().min(1).max(500, 'at most 500 characters')),
  before: optional(z.string().regex(LIST_ENTRY_ID, 'must be an entry id')),
  limit: optional(z.coerce.number('must be a number').int().min(1).max(200, 'at most 200')),
});

/** GET /api/console/lists/entries/export: one list or kind, or every entry. */
export const exportListEntriesQuerySchema = listEntriesQuerySchema.pick({ list: true, kind: true });

/** One entry as the console and the API answer it (an SSN only ever by its last four). */
export const listEntrySchema = z
  .object({
    id: z.string().describe('Id of the entry (`wle_`…).'),
    list: z.enum(LISTS).describe('block or allow.'),
    kind: z.enum(LIST_KINDS).describe('What the value is.'),
    value: z
      .string()
      .describe('The value as stored (canonical form); an SSN shows only its last four digits.'),
    reason: z.string().describe('Why the entry is there.'),
    createdBy: z.string().describe('Who added it: a console user id or an API key id (`key_`…).'),
    createdAt: z.string().describe('When it was added (ISO 8601).'),
    expiresAt: z.string().nullable().describe('When it stops matching (ISO 8601); null: never.'),
    expired: z.boolean().describe('Whether it has expired (an expired entry matches nothing).'),
  })
  .describe("An entry of the workspace's block or allow list.");
export type ListEntryBody = z.output<typeof listEntrySchema>;

/** POST /api/console/sessions/{id}/list-entries: one of the session's values, named by its ref. */
export const addFromSessionRequestSchema = listEntryInputSchema
  .pick({ list: true, reason: true, expiresAt: true })
  .extend({
    ref: z.string('must be text').regex(/^[0-9a-f]{32}$/, "must be the ref of one of the session's values"),
  });
export type AddFromSessionBody = z.output<typeof addFromSessionRequestSchema>;

/** GET /api/console/sessions/{id}/list-entries: a session's values a list could hold. */
export interface ListCandidateBody {
  /** Names the value in a POST: a keyed hash bound to this workspace and session. */
  ref: string;
  kind: Exclude<ListKind, 'cidr'>;
  /** Masked as the session's identifiers are. */
  shown: string;
  /** The entries of the workspace's lists with this value (expired ones too, marked). */
  entries: Pick<ListEntryBody, 'id' | 'list' | 'reason' | 'expiresAt' | 'expired'>[];
}
