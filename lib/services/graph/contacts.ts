// The established identity's phones and street addresses against the request's
// (GraphFacts.contacts, read by DIGITAL_CONTACT_CHANGE): from rows gatherFacts already holds.
import { ESTABLISHED_MS } from '@/lib/engine/checks/contact-change';
import type { ContactFacts } from '@/lib/engine/graph/facts';
import type { IdentityRow } from './facts-query';
import type { IdentifierMatch } from './person';

interface ContactInput {
  /** The email rows the request names (matched as of the call, or of a joined session's start). */
  emails: readonly IdentifierMatch[];
  /** The phone rows the request names. */
  phones: readonly IdentifierMatch[];
  /** The request's phones in E.164 form. */
  inputPhones: readonly string[];
  /** The request's street address key, null without addressLine1. */
  address: string | null;
  identity: readonly IdentityRow[];
  /** Street address keys linked to the identity. */
  locations: readonly string[];
  nowMs: number;
}

/** Null when no input email is established, or the request gives no phone and no address. */
export function contactsOf(input: ContactInput): ContactFacts | null {
  if (input.inputPhones.length === 0 && input.address === null) return null;
  const established = input.emails
    .filter((row) => !row.is_hub && row.person_id !== null && row.observations > 0)
    .map((row) => ({ person: row.person_id, firstSeenMs: new Date(row.first_seen_at).getTime() }))
    .filter((row) => row.firstSeenMs <= input.nowMs - ESTABLISHED_MS)
    .sort((a, b) => a.firstSeenMs - b.firstSeenMs)[0];
  if (established === undefined) return null;
  const { person } = established;
  const held = (phone: string) =>
    input.phones.some((row) => row.value === phone && !row.is_hub && row.person_id === person);
  return {
    emailFirstSeenMs: established.firstSeenMs,
    identityPhones: input.identity.filter(
      (row) => row.kind === 'phone' && !row.hub && row.person === person && row.observations > 0,
    ).length,
    heldPhones: input.inputPhones.filter(held).length,
    newPhones: input.inputPhones.filter((phone) => !held(phone)).length,
    identityAddresses: input.locations.length,
    addressKnown: input.address === null ? null : input.locations.includes(input.address),
  };
}
