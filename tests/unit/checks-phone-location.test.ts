// PHONE_LOCATION_MISMATCH over numbers parsed by the real normaliser (libphonenumber, max
// metadata) and the NANP area code table.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { areaCodePlaces, NANP_AREA_CODES } from '@/lib/engine/checks/nanp-area-codes';
import { phoneChecks } from '@/lib/engine/checks/phone';
import { normalizePhone } from '@/lib/engine/normalize/phone';
import type { Check, LocationInput } from '@/lib/engine/types';
import { findCheck } from './support/find-check';
import { ctx, location, normalizedRequest } from './support/normalized-request';

const run = (numbers: string[], place: LocationInput | null): Check =>
  findCheck(
    phoneChecks(normalizedRequest({ phones: numbers.map(normalizePhone), location: place }), ctx),
    'PHONE_LOCATION_MISMATCH',
  );

const at = (countryCode: string | null, regionCode: string | null = null) =>
  location({ countryCode, regionCode });

const SF = '+14152345678';
const NYC = '+12122345678';
const TORONTO = '+14162345678';
const HALIFAX = '+19022345678';
const SAN_JUAN = '+17872345678';
const LONDON = '+442071234567';
const UK_MOBILE = '+447400123456';

describe('PHONE_LOCATION_MISMATCH by country', () => {
  it('is TRUE [LOW] for a number of another country, naming both', () => {
    const check = run([UK_MOBILE], at('US', 'CA'));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(check.description).toBe(
      '+447400123456 is a United Kingdom (GB) number; the location given is in United States (US).',
    );
  });

  it('is FALSE [NONE] for a number of the country given', () => {
    const check = run([LONDON], at('GB'));
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('+442071234567 is a United Kingdom (GB) number, as given.');
  });

  it('tells the NANP countries apart: a Jamaican or Canadian number at a US address', () => {
    expect(run(['+18762345678'], at('US'))).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(run([TORONTO], at('US', 'NY'))).toMatchObject({ state: 'TRUE', risk: 'LOW' });
  });

  it('reads a US state without a country as the US', () => {
    expect(run([SF], location({ region: 'California' }))).toMatchObject({ state: 'FALSE', risk: 'NONE' });
  });
});

describe('PHONE_LOCATION_MISMATCH by NANP area code', () => {
  it('is TRUE [LOW] when the area code serves another state', () => {
    const check = run([NYC], at('US', 'CA'));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(check.description).toBe(
      '+12122345678 has area code 212 of New York (NY); the location given is in California (CA).',
    );
  });

  it('says a mobile number keeps its area code after a move', () => {
    const mobile = { ...normalizePhone(NYC), lineType: 'MOBILE' as const };
    const check = findCheck(
      phoneChecks(normalizedRequest({ phones: [mobile], location: at('US', 'TX') }), ctx),
      'PHONE_LOCATION_MISMATCH',
    );
    expect(check.description).toMatch(/mobile and VoIP numbers keep their area code/);
  });

  it('is FALSE when the area code serves the state given, by code or by name', () => {
    const check = run([SF], at('US', 'CA'));
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('+14152345678 has area code 415 of California (CA), as given.');
    expect(run([NYC], location({ countryCode: 'US', region: 'new york' }))).toMatchObject({ state: 'FALSE' });
  });

  it('compares Canadian provinces, and 902 serves both Nova Scotia and Prince Edward Island', () => {
    expect(run([TORONTO], at('CA', 'ON'))).toMatchObject({ state: 'FALSE' });
    expect(run([TORONTO], at('CA', 'BC'))).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(run([HALIFAX], at('CA', 'NS'))).toMatchObject({ state: 'FALSE' });
    expect(run([HALIFAX], at('CA', 'PE'))).toMatchObject({ state: 'FALSE' });
  });

  it('compares only the country when no state is given', () => {
    const check = run([SF], at('US'));
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toMatch(/no state or province was given to compare the area code with\.$/);
  });

  it('treats a Puerto Rico number at "US, PR" or "PR" as local, and at "US, FL" as foreign', () => {
    expect(run([SAN_JUAN], at('US', 'PR'))).toMatchObject({ state: 'FALSE' });
    expect(run([SAN_JUAN], at('PR'))).toMatchObject({ state: 'FALSE' });
    expect(run([SAN_JUAN], at('US', 'FL'))).toMatchObject({ state: 'TRUE', risk: 'LOW' });
  });
});

describe('PHONE_LOCATION_MISMATCH when undecidable', () => {
  it('is UNKNOWN [NONE] without a phone or without a location country', () => {
    expect(run([], at('US'))).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    const check = run([SF], null);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe('No location country was given to compare the phone number with.');
    expect(run([SF], location({ city: 'Springfield' }))).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it.each([
    ['+18002345678', 'a toll-free number'],
    ['+19002345678', 'a premium-rate number'],
    ['+15002345678', 'a personal (follow-me) number'],
    ['+80012345678', 'a toll-free number'],
  ])('is UNKNOWN [NONE] for %s, %s', (number, what) => {
    const check = run([number], at('US', 'CA'));
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(`${number} is ${what}, which has no location.`);
  });

  // Issue 9, finding 6: the description names the check that carries the invalid number.
  it('is UNKNOWN [NONE] for an invalid number, naming PHONE_FORMAT_INVALID', () => {
    const check = run(['+12345'], at('US'));
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(
      'Not judged: the number is not valid in its numbering plan (PHONE_FORMAT_INVALID).',
    );
  });
});

describe('PHONE_LOCATION_MISMATCH with several phones', () => {
  it('answers the riskiest: one foreign number makes it TRUE', () => {
    const check = run([SF, UK_MOBILE], at('US', 'CA'));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(check.description).toMatch(
      /^Riskiest of 2 phones\. Phone 1: .*as given\. Phone 2: .*United Kingdom/,
    );
  });

  it('lets a decided number speak over an undecidable one', () => {
    expect(run(['+18002345678', SF], at('US', 'CA'))).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(run(['+18002345678', '+12345'], at('US'))).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });
});

describe('NANP area code table', () => {
  it('maps geographic codes to their state or province and leaves non-geographic codes out', () => {
    expect(areaCodePlaces('212')).toEqual(['NY']);
    expect(areaCodePlaces('415')).toEqual(['CA']);
    expect(areaCodePlaces('416')).toEqual(['ON']);
    expect(areaCodePlaces('787')).toEqual(['PR']);
    expect([...(areaCodePlaces('867') ?? [])].sort()).toEqual(['NT', 'NU', 'YT']);
    for (const code of [
      '800',
      '833',
      '844',
      '855',
      '866',
      '877',
      '888',
      '900',
      '500',
      '533',
      '600',
      '700',
      '710',
    ]) {
      expect(areaCodePlaces(code), code).toBeNull();
    }
    // Caribbean NANP countries are told apart by libphonenumber's region, not by this table.
    expect(areaCodePlaces('876')).toBeNull();
  });

  it('holds well-formed codes, each state once, no code in two places but the shared ones', () => {
    const owners = new Map<string, string[]>();
    for (const [place, codes] of Object.entries(NANP_AREA_CODES)) {
      const list = codes.split(' ');
      expect(new Set(list).size, place).toBe(list.length);
      for (const code of list) {
        expect(code).toMatch(/^[2-9]\d\d$/);
        owners.set(code, [...(owners.get(code) ?? []), place]);
      }
    }
    const shared = [...owners].filter(([, places]) => places.length > 1).map(([code]) => code);
    expect(shared.sort()).toEqual(['782', '867', '902']);
    expect(owners.size).toBeGreaterThan(400);
  });

  it("agrees with libphonenumber: every code's numbers belong to the table's country", () => {
    const canada = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'PE', 'ON', 'QC', 'SK', 'NT', 'NU', 'YT']);
    const territories = new Set(['PR', 'VI', 'GU', 'MP', 'AS']);
    let compared = 0;
    for (const [place, codes] of Object.entries(NANP_AREA_CODES)) {
      const country = canada.has(place) ? 'CA' : territories.has(place) ? place : 'US';
      for (const code of codes.split(' ')) {
        const parsed = parsePhoneNumberFromString(`+1${code}2345678`);
        // Codes newer than the metadata (or with sparse exchanges) are not valid there yet.
        if (!parsed?.isValid()) continue;
        compared += 1;
        expect(parsed.country, `${code} ${place}`).toBe(country);
      }
    }
    expect(compared).toBeGreaterThan(380);
  });
});
