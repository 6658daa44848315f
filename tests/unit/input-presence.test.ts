// A full postal address (interface input rules 4 and 5): a street line and a city, region or
// postal code; a street line alone, or a city alone, cannot identify a person.
import { describe, expect, it } from 'vitest';
import { hasPostalAddress } from '@/lib/engine/checks/input-presence';
import { location } from './support/normalized-request';

const bare = { addressLine1: null, city: null, region: null, regionCode: null, postalCode: null };

describe('hasPostalAddress', () => {
  it('needs a street line with a city, a region or a postal code', () => {
    expect(hasPostalAddress(location({ ...bare, addressLine1: '1 Main St', city: 'Springfield' }))).toBe(
      true,
    );
    expect(hasPostalAddress(location({ ...bare, addressLine1: '1 Main St', regionCode: 'IL' }))).toBe(true);
    expect(hasPostalAddress(location({ ...bare, addressLine1: '1 Main St', postalCode: '62701' }))).toBe(
      true,
    );
  });

  it('is false for a street line alone, a city alone, or no location', () => {
    expect(hasPostalAddress(location({ ...bare, addressLine1: '1 Main St' }))).toBe(false);
    expect(hasPostalAddress(location({ ...bare, city: 'Springfield', postalCode: '62701' }))).toBe(false);
    expect(hasPostalAddress(null)).toBe(false);
  });
});
