// The `keys` CLI's options and their parsing, apart from the command so the contract tests can
// issue keys exactly as `keys create` does without starting a process per key.
import { UsageError } from '@/lib/cli/json-command';
import { parseDurationSeconds, parseRate } from '@/lib/cli/parse-duration';
import { keyExpirySchema } from '@/lib/contract/console/keys';
import { rateLimitSchema } from '@/lib/contract/console/rate-limit';
import { isScope, SCOPES, type Scope } from '@/lib/services/keys/key-material';
import type { CreateKeyInput, IssuedKey } from '@/lib/services/keys/manage-keys';

export const KEY_OPTIONS = {
  workspace: { type: 'string' },
  scopes: { type: 'string' },
  name: { type: 'string' },
  'trial-quota': { type: 'string' },
  'rate-limit': { type: 'string' },
  expires: { type: 'string' },
  grace: { type: 'string' },
  share: { type: 'string' },
} as const;

export type KeyOptionValues = Partial<Record<keyof typeof KEY_OPTIONS, string>>;

/** `--share` as a boolean; absent: undefined. */
export function shareOption(text: string | undefined): boolean | undefined {
  const share = text?.trim().toLowerCase();
  if (share === undefined) return undefined;
  if (share !== 'on' && share !== 'off') throw new UsageError('--share takes on or off');
  return share === 'on';
}

/** `--scopes` as a list of known scopes, repeats dropped. */
export function scopesOption(text: string | undefined): Scope[] {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isScope(s));
  if (list.length === 0 || bad.length > 0) {
    throw new UsageError(
      `--scopes takes a comma-separated subset of ${SCOPES.join(', ')}${bad.length ? ` (unknown: ${bad.join(', ')})` : ''}`,
    );
  }
  return [...new Set(list)] as Scope[];
}

/** `--expires` as a date: a duration from now (90d) or an ISO 8601 date-time, in the future. */
function expiryOption(text: string): Date {
  const seconds = parseDurationSeconds(text);
  const iso = seconds === null ? text.trim() : new Date(Date.now() + seconds * 1000).toISOString();
  const checked = keyExpirySchema.safeParse(iso);
  if (!checked.success) {
    throw new UsageError(
      `--expires takes a duration (90d) or a date-time (2027-01-31T00:00:00Z): ${checked.error.issues[0]?.message}`,
    );
  }
  return new Date(checked.data);
}

/** `--rate-limit` as requests per second, within what the service accepts. */
export function rateOption(text: string): number {
  const parsed = parseRate(text);
  const checked = parsed === null ? null : rateLimitSchema.safeParse(parsed);
  if (!checked?.success) {
    throw new UsageError(
      `--rate-limit takes N/s, N/m or N/h (e.g. 10/s)${checked ? `: ${checked.error.issues[0]?.message}` : ''}`,
    );
  }
  return checked.data;
}

/** `keys create`'s options as the service's input (throws UsageError on a bad one). */
export function keyCreateInput(values: KeyOptionValues): CreateKeyInput & { expiresAt: Date | null } {
  const workspace = values.workspace?.trim();
  if (!workspace) throw new UsageError('--workspace is required');
  const scopes = scopesOption(values.scopes);
  const expiresAt = values.expires === undefined ? null : expiryOption(values.expires);
  let trialQuota: number | undefined;
  if (values['trial-quota'] !== undefined) {
    trialQuota = Number(values['trial-quota']);
    if (!Number.isInteger(trialQuota) || trialQuota < 0)
      throw new UsageError('--trial-quota takes a whole number >= 0');
  }
  const rateLimitPerSec = values['rate-limit'] === undefined ? undefined : rateOption(values['rate-limit']);
  return {
    workspace,
    scopes,
    name: values.name,
    trialQuota,
    shareGraph: shareOption(values.share),
    rateLimitPerSec,
    expiresAt,
    actor: 'cli',
  };
}

/** What `keys create` prints. */
export function createdKeyLine(issued: IssuedKey, expiresAt: Date | null) {
  return {
    id: issued.id,
    key: issued.key,
    workspace: issued.workspace,
    scopes: issued.scopes,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}
