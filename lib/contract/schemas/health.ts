import { z } from 'zod';

const listStatusSchema = z
  .object({
    name: z.string().describe('Name of the list.'),
    category: z
      .string()
      .describe(
        'tor, privacy-relay, vpn, datacenter, ssa-high-group, ssa-area, or sanctions:OFAC|UN|EU|UK|CA.',
      ),
    format: z.string().describe('The official file format it was imported from.'),
    entries: z.int().min(0).describe('Entries imported.'),
    publishedAt: z.string().nullable().describe('When the publisher dated the list (ISO 8601), when known.'),
    importedAt: z.string().describe('When the list was imported (ISO 8601).'),
  })
  .describe('One imported reference list.');

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']).describe('ok when the service can answer; unavailable with 503.'),
    database: z.enum(['ok', 'unreachable']).describe('Result of a cheap database ping (2 s at most).'),
    storage: z
      .enum(['ok', 'full'])
      .describe(
        "full (with 503) while writes are refused because the database's disk is full (STORAGE_FULL): " +
          'from the first refused write until one is stored 5 s after the last refusal, or a minute without one.',
      ),
    version: z.string().describe('Version of the running service.'),
    uptimeSeconds: z.int().min(0).describe('Seconds since the process started.'),
    lists: z
      .array(listStatusSchema)
      .describe('The imported reference lists (sanctions, IP ranges, SSA) with their dates and sizes.'),
    runtime: z
      .object({
        eventLoopDelayMs: z
          .object({ p50: z.number().min(0), p99: z.number().min(0), max: z.number().min(0) })
          .describe("The server process's event-loop delay since the previous runtime read, in ms."),
        rssBytes: z.int().min(0).describe('Resident memory of the server process.'),
        heapUsedBytes: z.int().min(0).describe('JavaScript heap in use.'),
      })
      .optional()
      .describe(
        'Only with `?runtime=1` from a caller on the same machine that connects directly (loopback ' +
          'peer, no forwarding header); for the soak and local monitoring.',
      ),
  })
  .describe('Liveness and readiness of the service, and what reference data is loaded.');
