// Graph keys of seeded identifiers, built by the engine's own normalisers and identifierKeys so
// that they are exactly what an ingested event carrying the same values would produce.
import { emptyRequest } from '@/lib/engine/empty-request';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { normalizeEmail } from '@/lib/engine/normalize/email';
import { normalizeLocation } from '@/lib/engine/normalize/location';
import { cleanNamePart, normalizeName } from '@/lib/engine/normalize/name';
import type { NormalizedRequest, ProfileInput } from '@/lib/engine/types';
import type { SeedAddress, SeedKey, SeedName } from './types';

// SSN digits stay in clear here; the writer applies the server's keyed hash.
const keep = (digits: string) => digits;

function only(request: Partial<NormalizedRequest>, region: string | null = null): SeedKey {
  const [key] = identifierKeys(emptyRequest(request), keep);
  if (!key) throw new Error('no graph key for a seeded identifier');
  const { countries: _perSighting, ...rest } = key;
  return { ...rest, region };
}

export function emailKey(address: string): SeedKey {
  return only({ emails: [normalizeEmail(address)] });
}

/** `e164` and `region` come from templates that the unit test checks against libphonenumber. */
export function phoneKey(e164: string, region: string): SeedKey {
  return only({ phones: [{ raw: e164, e164, valid: true, region, lineType: null }] }, region);
}

export function profileKey(service: string, username: string): SeedKey {
  const profile: ProfileInput = {
    service,
    username,
    url: null,
    userid: null,
    followers: null,
    following: null,
    score: null,
    bio: null,
  };
  return only({ profiles: [profile] });
}

export function ssnKey(digits: string): SeedKey {
  return only({ ssn: { kind: 'full', digits } });
}

export function ipKey(address: string): SeedKey {
  return only({ ipAddress: { address, version: 4 } });
}

export function nameKey(name: SeedName): SeedKey {
  return only({ name: normalizeName(name) });
}

/** The location fields an event would send for this address. */
export function locationFields(address: SeedAddress) {
  const us = address.country === 'US';
  return {
    addressLine1: address.line1,
    addressLine2: address.line2,
    city: address.city,
    regionCode: us ? address.region : null,
    region: us ? null : address.region,
    postalCode: address.postal,
    countryCode: address.country,
  };
}

export function addressKey(address: SeedAddress): SeedKey {
  return only({ location: normalizeLocation(locationFields(address)) });
}

export function employmentKey(organization: string, title: string): SeedKey {
  return only({ organization: cleanNamePart(organization), title: cleanNamePart(title) });
}
