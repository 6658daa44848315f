// Issue 31 item 9: the console's "Fill example" applicant does not raise its own address check:
// its ZIP exists, lies in its state and serves its city (the US ZIP data the checks read).
import { describe, expect, it } from 'vitest';
import { exampleApplicant } from '@/components/investigate/example-applicant';
import { locationChecks } from '@/lib/engine/checks/location';
import type { LocationInput } from '@/lib/engine/types';
import { zipPostalLookup } from '@/lib/services/reference/postal-zip';
import { findCheck } from './support/find-check';
import { ctx, location, normalizedRequest } from './support/normalized-request';

describe('the example applicant', () => {
  it('gives an address the ZIP data agrees with', () => {
    const example = exampleApplicant().location;
    const place: LocationInput = location({
      addressLine1: example.addressLine1,
      addressLine2: example.addressLine2,
      city: example.city,
      regionCode: example.regionCode,
      postalCode: example.postalCode,
      countryCode: example.countryCode,
    });
    const checks = locationChecks(normalizedRequest({ location: place }), {
      ...ctx,
      postal: zipPostalLookup(),
    });
    const check = findCheck(checks, 'LOCATION_ADDRESS_INVALID');
    expect(check.state, check.description).not.toBe('TRUE');
    expect(check.description).toContain(`ZIP code ${example.postalCode} is in`);
  });
});
