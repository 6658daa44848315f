import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneKey } from '@/lib/engine/normalize/phone';

describe('normalizePhone', () => {
  it('assumes the US for national numbers', () => {
    expect(normalizePhone('(415) 555-2671')).toEqual({
      raw: '(415) 555-2671',
      e164: '+14155552671',
      valid: true,
      region: 'US',
      lineType: 'FIXED_LINE_OR_MOBILE',
    });
    expect(normalizePhone('415.555.2671').e164).toBe('+14155552671');
    expect(normalizePhone('1-415-555-2671').e164).toBe('+14155552671');
  });

  it('keeps E.164 numbers of other countries and maps FIXED_LINE to LANDLINE', () => {
    expect(normalizePhone('+44 20 7946 0958')).toEqual({
      raw: '+44 20 7946 0958',
      e164: '+442079460958',
      valid: true,
      region: 'GB',
      lineType: 'LANDLINE',
    });
    const mobile = normalizePhone('+44 7911 123456');
    expect(mobile.e164).toBe('+447911123456');
    expect(mobile.lineType).toBe('MOBILE');
  });

  it('reports the line types libphonenumber knows', () => {
    expect(normalizePhone('+1 800 555 0199').lineType).toBe('TOLL_FREE');
    expect(normalizePhone('+1 900 555 0199').lineType).toBe('PREMIUM_RATE');
  });

  it('reads the 00 international prefix and E.164 without its plus sign', () => {
    expect(normalizePhone('0044 20 7946 0958').e164).toBe('+442079460958');
    expect(normalizePhone('442079460958').e164).toBe('+442079460958');
  });

  it('reads fullwidth digits', () => {
    expect(normalizePhone('＋１ ４１５ ５５５ ２６７１').e164).toBe('+14155552671');
  });

  it('keeps a possible but invalid number, flagged invalid', () => {
    // Ofcom reserves 07700 900xxx for drama: the right length, never assigned.
    expect(normalizePhone('+447700900123')).toEqual({
      raw: '+447700900123',
      e164: '+447700900123',
      valid: false,
      region: null,
      lineType: 'UNKNOWN',
    });
  });

  it.each(['hello', '12', '', '+', '555'])('does not throw on unparseable %j', (raw) => {
    expect(normalizePhone(raw)).toEqual({ raw, e164: null, valid: false, region: null, lineType: null });
  });
});

describe('phoneKey', () => {
  it('identifies the same number however it was written', () => {
    expect(phoneKey(normalizePhone('(415) 555-2671'))).toBe(phoneKey(normalizePhone('+14155552671')));
    expect(phoneKey(normalizePhone(' hello '))).toBe(phoneKey(normalizePhone('hello')));
  });
});

describe('normalizePhone asked again (recent answers are kept)', () => {
  it('gives the same answer for the same text, each caller its own object', () => {
    const first = normalizePhone('+1 415 555 2671');
    first.e164 = 'changed by a caller';
    const again = normalizePhone('+1 415 555 2671');
    expect(again).toEqual({
      raw: '+1 415 555 2671',
      e164: '+14155552671',
      valid: true,
      region: 'US',
      lineType: 'FIXED_LINE_OR_MOBILE',
    });
    expect(normalizePhone('not a phone')).toEqual(normalizePhone('not a phone'));
    expect(normalizePhone('not a phone').e164).toBeNull();
  });
});
