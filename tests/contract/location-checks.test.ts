// The Location package through the real server: the US ZIP data must load inside the production
// bundle (it once failed there with EBADF, leaving LOCATION_ADDRESS_INVALID awaiting forever).
import { describe, expect, it } from 'vitest';
import { verify } from './support';

interface CheckBody {
  id: string;
  state: string;
  risk: string;
  description: string;
}

const ADDRESS = {
  addressLine1: '1600 Amphitheatre Pkwy',
  city: 'Mountain View',
  regionCode: 'CA',
  countryCode: 'US',
};

async function addressCheck(postalCode: string): Promise<CheckBody | undefined> {
  const response = await verify({
    name: { given: 'Ann', family: 'Lee' },
    location: { ...ADDRESS, postalCode },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.checks as CheckBody[]).find((c) => c.id === 'LOCATION_ADDRESS_INVALID');
}

describe('LOCATION_ADDRESS_INVALID from the US ZIP data', () => {
  it('is TRUE for a ZIP of another state (10001 is New York, NY)', async () => {
    const check = await addressCheck('10001');
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check?.description).toContain('10001');
  });

  it('does not flag the ZIP of the city itself (94043 is Mountain View, CA)', async () => {
    const check = await addressCheck('94043');
    expect(check?.state).not.toBe('TRUE');
    expect(check?.description).not.toMatch(/Awaiting/);
  });
});
