// The identity graph around a session (GET /api/console/graph): masked nodes, weighted edges,
// and how many neighbours each expanded node has beyond those shown.
import { z } from 'zod';
import { SESSION_ID_PATTERN } from '../ids';

/** An identifier's id as the graph gives it: `idn_` and base58 digits. */
export const IDENTIFIER_ID_PATTERN = /^idn_[1-9A-HJ-NP-Za-km-z]{16,40}$/;

import { GRAPH_KINDS, type GraphKind } from '../graph-kinds';

/** Every kind of identifier the graph view draws: the graph's own kinds. */
export const GRAPH_NODE_KINDS = GRAPH_KINDS;
export type GraphNodeKind = GraphKind;

export const GRAPH_KIND_LABEL: Record<GraphNodeKind, string> = {
  email: 'Email',
  phone: 'Phone',
  ssn: 'SSN',
  profile: 'Profile',
  ip: 'IP address',
  name: 'Name',
  address: 'Address',
  employment: 'Employment',
};

/** Most sessions counted per identifier (`sessions`): past it the count reads "1000 or more". */
export const SHARED_COUNT_CAP = 1000;

/** Most neighbours one expansion adds; the rest are counted in `more`. */
export const GRAPH_EXPAND_LIMIT = 50;

const ISO = z.string();

export const graphNodeSchema = z.object({
  /** The identifier's opaque id. */
  id: z.string(),
  kind: z.enum(GRAPH_NODE_KINDS),
  /** Masked: never a full SSN or phone, nor another workspace's email address. */
  label: z.string(),
  /** One of the session's own identifiers. */
  root: z.boolean(),
  /** Linked to too many identifiers to say whose it is (a shared office, a common name). */
  hub: z.boolean(),
  firstSeen: ISO,
  lastSeen: ISO,
  /** Pass back as `token` with `expand=<id>`: proves the node came from this session's graph. */
  token: z.string(),
  /**
   * How many of the workspace's sessions used this identifier (at most 1000 counted); the console
   * lists them with the search `q=<id>`. Null for kinds no session is indexed by (names, profiles).
   */
  sessions: z.number().int().nonnegative().nullable(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphEdgeSchema = z.object({
  a: z.string(),
  b: z.string(),
  /** 0..1: independent workspaces that saw the pair, decayed by the time since the last sighting. */
  confidence: z.number(),
  lastSeen: ISO,
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const graphExpansionSchema = z.object({
  id: z.string(),
  /** Neighbours of the node not in this answer (past GRAPH_EXPAND_LIMIT). */
  more: z.number().int().nonnegative(),
});
export type GraphExpansion = z.infer<typeof graphExpansionSchema>;

export const graphPayloadSchema = z.object({
  sessionId: z.string(),
  nodes: z.array(graphNodeSchema),
  edges: z.array(graphEdgeSchema),
  /** The nodes whose neighbours this answer expanded (the session's identifiers, or the one asked). */
  expanded: z.array(graphExpansionSchema),
});
export type GraphPayload = z.infer<typeof graphPayloadSchema>;

/** The query of GET /api/console/graph. */
export const graphQuerySchema = z
  .strictObject({
    session: z
      .string({ error: 'must be a session id' })
      .regex(SESSION_ID_PATTERN, { error: 'must be a session id' }),
    expand: z.string().regex(IDENTIFIER_ID_PATTERN, { error: 'must be an identifier id' }).optional(),
    token: z
      .string()
      .regex(/^[0-9a-f]{32}$/, { error: 'must be the token the graph gave' })
      .optional(),
  })
  .refine((query) => (query.expand === undefined) === (query.token === undefined), {
    error: 'expand and token go together',
    path: ['token'],
  });
export type GraphQuery = z.infer<typeof graphQuerySchema>;
