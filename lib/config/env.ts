import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from '@/lib/engine/maintenance/months';
import { parseTrustProxy } from '@/lib/net/trust-proxy';
import { otelEnvShape } from './otel-env';

// `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what node:dns accepts, IP addresses only.
function isDnsServer(entry: string): boolean {
  const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([\d.]+)(?::(\d{1,5}))?$/.exec(entry);
  const [host, port] = match ? [match[1] ?? '', match[2]] : [entry, undefined];
  const validPort = port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  return validPort && (z.ipv4().safeParse(host).success || z.ipv6().safeParse(host).success);
}

const dnsServerList = (text: string) => text.split(',').map((entry) => entry.trim());

// Validated once at start-up: a typo in a variable fails loudly instead of half-working.
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * With an external DATABASE_URL: the URL migrations run as (the schema owner), so that
     * DATABASE_URL can be a role without DDL rights. Unset: DATABASE_URL migrates too.
     */
    MIGRATION_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * How many web server processes `npm start` runs behind its one port (node:cluster hands each
     * connection to one of them); `auto`: one per core with an external DATABASE_URL, half the
     * cores (at least one) beside the embedded PostgreSQL, at most 8. `npm run dev` runs one.
     */
    SERVER_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
    /** Set by the launcher in each of several web server processes: its number, 1..N, in every log line. */
    SERVER_PROCESS: z.coerce.number().int().min(1).max(64).optional(),
    /** When set, the web server writes a V8 CPU profile (`--cpu-prof`) into this directory on exit. */
    SERVER_CPU_PROFILE_DIR: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Secret for sealing session identifiers and keyed hashes; generated into DATA_DIR when unset. */
    VERITY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /** Resolvers of the Email MX lookups; unset: the system's; `off`: no lookups. */
    DNS_SERVERS: z
      .string()
      .refine(
        (text) => text.trim() === 'off' || dnsServerList(text).every(isDnsServer),
        'must be `off` or comma-separated IP[:port] entries (IPv6 with a port as [addr]:port)',
      )
      .transform((text) => (text.trim() === 'off' ? ('off' as const) : dnsServerList(text)))
      .optional(),
    /**
     * Reverse proxies whose X-Forwarded-For is believed (Express's "trust proxy"): a hop count, or
     * IPs/CIDRs/loopback/linklocal/uniquelocal. Unset: none, the client is the socket's peer.
     */
    TRUST_PROXY: z
      .string()
      .transform((text, context) => {
        const parsed = parseTrustProxy(text);
        if ('error' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /**
     * Raw sightings (observations) are kept for the current calendar month and this many before
     * it; older months are dropped whole every hour by `npm start`, their hours staying in
     * observation_rollups (pattern summaries and the identifiers' counts do not change).
     */
    OBSERVATION_RETENTION_MONTHS: z.coerce
      .number()
      .int()
      .min(MIN_RETENTION_MONTHS)
      .max(1200)
      .default(DEFAULT_RETENTION_MONTHS),
    /** How often a server process adds its in-memory API usage counts to the database, in ms. */
    USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    /** Budget of one email domain's MX lookup, in milliseconds. */
    DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1_500),
    /** A MaxMind-format IP database (GeoLite2 or DB-IP, City or Country) preferred to geoip-country. */
    GEOIP_MMDB_PATH: z
      .string()
      .refine((path) => existsSync(path), 'must name an existing file')
      .optional(),
    /**
     * Where `npm start` imports the reference lists from on an empty database (as
     * `npm run lists -- import DIR` would); `off`: import nothing. Unset: the snapshot the repository ships in reference-data/.
     */
    /**
     * Hours between the automatic `lists update` runs of `npm start` (downloads the official lists
     * into DATA_DIR/lists/<date> and imports them; needs internet). Unset or `off`: never, as before;
     * at most 24 keeps the Tor exit list within its one-day age limit.
     */
    LISTS_UPDATE_INTERVAL_HOURS: z
      .union([z.literal('off'), z.coerce.number().int().min(1).max(720)], {
        error: 'must be `off` or a whole number of hours from 1 to 720',
      })
      .optional()
      .transform((value) => (value === 'off' ? undefined : value)),
    REFERENCE_DATA_DIR: z
      .string()
      .refine((path) => path === 'off' || existsSync(path), 'must be `off` or an existing directory')
      .optional(),
    /**
     * A bearer token that lets a scraper on another machine read GET /api/metrics (at least 32
     * characters). Without it only a direct caller on this machine can (docs/operations.md).
     */
    METRICS_TOKEN: z.string().min(32).optional(),
    /**
     * Networks webhook deliveries may reach although they are not public (comma-separated CIDR
     * ranges, e.g. `10.0.0.0/8,127.0.0.1/32`): by default a delivery refuses loopback, link-local,
     * private and other non-public addresses (SSRF). Only the operator sets this.
     */
    WEBHOOK_ALLOW_NETWORKS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const ranges = (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        for (const range of ranges) {
          if (!z.cidrv4().safeParse(range).success && !z.cidrv6().safeParse(range).success) {
            ctx.addIssue({ code: 'custom', message: `${range} is not a CIDR range` });
            return z.NEVER;
          }
        }
        return ranges;
      }),
    /**
     * Single sign-on through OpenID Connect (lib/config/sso.ts): the identity provider's issuer URL
     * (its /.well-known/openid-configuration is read at sign-in), the client registered there, and
     * the e-mail domains it may sign in. All four, or none.
     */
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
    OIDC_ALLOWED_DOMAINS: z
      .string()
      .transform((text) => text.split(',').map((domain) => domain.trim().toLowerCase().replace(/^@/, '')))
      .refine(
        (domains) => domains.every((domain) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)),
        'must be comma-separated e-mail domains, e.g. `example.com,example.org`',
      )
      .optional(),
    /** The workspace a first sign-in through single sign-on joins (created if needed); unset: the oldest one. */
    OIDC_WORKSPACE: z.string().min(1).max(100).optional(),
    /** The role a member added by a first single sign-on gets. */
    OIDC_ROLE: z.enum(['analyst', 'admin']).default('analyst'),
    /** The identity provider's name on the sign-in button ("Continue with …"). */
    OIDC_NAME: z.string().min(1).max(40).default('single sign-on'),
    /**
     * `true`: accounts of the allowed domains sign in only through single sign-on (their passwords
     * are refused); other accounts, such as the first admin, keep theirs, so an identity provider
     * that is down does not lock the operator out.
     */
    OIDC_ONLY: z
      .enum(['true', 'false'], { error: 'must be `true` or `false`' })
      .default('false')
      .transform((value) => value === 'true'),
    /** OpenTelemetry traces (lib/telemetry, docs/tracing.md): off unless an OTLP endpoint is set. */
    ...otelEnvShape,
  })
  .superRefine((value, context) => {
    const sso = [
      value.OIDC_ISSUER,
      value.OIDC_CLIENT_ID,
      value.OIDC_CLIENT_SECRET,
      value.OIDC_ALLOWED_DOMAINS,
    ];
    const set = sso.filter((entry) => entry !== undefined).length;
    if (set !== 0 && set !== sso.length)
      context.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message:
          'single sign-on needs all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_ALLOWED_DOMAINS, or none',
      });
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  // An exported-but-empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}
