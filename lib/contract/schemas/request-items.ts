// The items of a MultiFieldReq body as the request rules count them (email and emails together,
// duplicates removed, first occurrence first): shared by the schema's refinements and the
// engine's normaliser, so both see the same distinct values.
import { withoutControls } from '@/lib/contract/fields/controls';
import { normalizePhone, phoneKey } from '@/lib/contract/fields/phone';
import { normalizeSsn } from '@/lib/contract/fields/ssn';
import type { PhoneInput, ProfileInput, SsnInput } from '@/lib/engine/types';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Blank strings and null count as absent, so an empty form field never fails a request. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether the caller sent something for a field, even of the wrong type (that is reported apart). */
export function present(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) return value.some((item) => !isBlank(item));
  // Fields nest one or two levels; anything deeper is a wrong type, present whatever it holds
  // (and a body nested thousands deep must not exhaust the stack).
  if (isRecord(value)) return depth > 4 || Object.values(value).some((item) => present(item, depth + 1));
  return !isBlank(value);
}

/** An object-valued field counts when it carries text, or when it has the wrong type (reported apart). */
export const objectPresent = (value: unknown): boolean =>
  isRecord(value) ? present(value) : value !== undefined && value !== null;

export interface Located<T> {
  path: string;
  value: T;
}

export function collectStrings(body: JsonRecord, single: string, plural: string): Located<string>[] {
  const found: Located<string>[] = [];
  const one = body[single];
  if (nonBlank(one)) found.push({ path: single, value: one });
  const many = body[plural];
  if (Array.isArray(many)) {
    many.forEach((item, index) => {
      if (nonBlank(item)) found.push({ path: `${plural}.${index}`, value: item });
    });
  }
  return found;
}

function collectRecords(body: JsonRecord, single: string, plural: string): Located<JsonRecord>[] {
  const found: Located<JsonRecord>[] = [];
  const one = body[single];
  if (isRecord(one)) found.push({ path: single, value: one });
  const many = body[plural];
  if (Array.isArray(many)) {
    many.forEach((item, index) => {
      if (isRecord(item)) found.push({ path: `${plural}.${index}`, value: item });
    });
  }
  return found;
}

/** First occurrence wins, so the paths that remain are those the caller sees first. */
export function distinctBy<T>(items: readonly Located<T>[], key: (value: T) => string): Located<T>[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item.value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const collectPhones = (body: JsonRecord): Located<PhoneInput>[] =>
  distinctBy(
    collectStrings(body, 'phone', 'phones').map(({ path, value }) => ({
      path,
      value: normalizePhone(value),
    })),
    phoneKey,
  );

export const optionalText = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const optionalNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Profile text as the graph keys and stores it: trimmed, without control characters. */
const profileText = (value: unknown): string | null =>
  optionalText(typeof value === 'string' ? withoutControls(value) : value);

function normalizeProfile(raw: JsonRecord): ProfileInput {
  return {
    service: profileText(raw.service)?.toLowerCase() ?? null,
    url: profileText(raw.url),
    // "@jdoe" and "jdoe" name the same handle.
    username: profileText(raw.username)?.replace(/^@/, '') || null,
    userid: profileText(raw.userid),
    followers: optionalNumber(raw.followers),
    following: optionalNumber(raw.following),
    score: optionalNumber(raw.score),
    bio: profileText(raw.bio),
  };
}

const profileKey = (profile: ProfileInput): string =>
  JSON.stringify([profile.service, profile.url, profile.username?.toLowerCase() ?? null, profile.userid]);

export const collectProfiles = (body: JsonRecord): Located<ProfileInput>[] =>
  distinctBy(
    collectRecords(body, 'profile', 'profiles').map(({ path, value }) => ({
      path,
      value: normalizeProfile(value),
    })),
    profileKey,
  );

/** The well-formed SSN values of an array; malformed ones are reported by the item schema. */
export function ssnsOf(value: unknown): SsnInput[] {
  if (!Array.isArray(value)) return [];
  const ssns: SsnInput[] = [];
  for (const item of value) {
    const ssn = typeof item === 'string' ? normalizeSsn(item) : null;
    if (ssn !== null) ssns.push(ssn);
  }
  return ssns;
}
