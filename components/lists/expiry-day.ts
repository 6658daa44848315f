// The console's forms take an entry's expiry as a calendar day (a date input): it ends that day.
import { z } from 'zod';

/** A date input's value: empty (never) or a day. */
export const expiryDaySchema = z.union([z.literal(''), z.iso.date('must be a date')]).optional();

/** The end of the chosen day in UTC, as the API's expiry; empty: never. */
export const endOfDay = (day: string | undefined): string | null => (day ? `${day}T23:59:59Z` : null);

/** An entry's expiry as the date input shows it (its UTC day); none: empty. */
export const expiryDay = (expiresAt: string | null): string => expiresAt?.slice(0, 10) ?? '';
