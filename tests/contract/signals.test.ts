import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newKey, signals, verify } from './support';

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

describe('POST /api/signals', () => {
  it('204 when the database holds nothing for the identifiers', async () => {
    const response = await signals({ emails: ['nobody-ever-seen@example.org'] });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
  });

  it('returns the three hashes and first/last seen of an email the service has seen, by any hash form', async () => {
    const address = `seen.${Date.now()}@example.com`;
    // It shares its contributions (new workspaces do not): the stranger below sees the email.
    const key = await newKey('verify,signals', ['--share', 'on']);
    const before = Date.now();
    expect((await verify({ emails: [address], location: undefined }, { key: key.key })).status).toBe(201);

    const byClear = await signals({ emails: [address.toUpperCase()] }, { key: key.key });
    expect(byClear.status).toBe(200);
    const [email] = byClear.body.emails;
    expect(email).toMatchObject({
      email: address,
      md5: digest('md5', address),
      sha1: digest('sha1', address),
      sha256: digest('sha256', address),
      observations: 1,
      confidence: 1,
    });
    expect(email.firstSeenMs).toBeGreaterThanOrEqual(before - 1000);
    expect(email.lastSeenMs).toBeGreaterThanOrEqual(email.firstSeenMs);
    for (const field of ['phones', 'socialProfiles', 'locations', 'ipAddresses', 'employment']) {
      expect(Array.isArray(byClear.body[field])).toBe(true);
    }

    const stranger = await newKey('signals');
    for (const form of ['md5', 'sha1', 'sha256']) {
      const response = await signals({ emails: [digest(form, address)] }, { key: key.key });
      expect(response.status, form).toBe(200);
      expect(response.body.emails[0].sha256).toBe(digest('sha256', address));
      // The workspace that supplied the cleartext sees it, whatever form it asks by ...
      expect(response.body.emails[0].email).toBe(address);
      // ... another workspace that only knows a hash never does.
      const other = await signals({ emails: [digest(form, address)] }, { key: stranger.key });
      expect(other.status, form).toBe(200);
      expect(other.body.emails[0].email).toBeUndefined();
      expect(other.body.emails[0].md5).toBe(digest('md5', address));
    }
  });

  it('patternInterval returns the interval object with observations, sources and events by type', async () => {
    const address = `pattern.${Date.now()}@example.com`;
    // Two workspaces that share, so each sees the other's sightings.
    const first = await newKey('verify,signals', ['--share', 'on']);
    const second = await newKey('verify,signals', ['--share', 'on']);
    await verify({ emails: [address] }, { key: first.key });
    await verify({ emails: [address] }, { key: second.key });
    await signals({ emails: [address] }, { key: first.key });
    const response = await signals({ emails: [address], patternInterval: 'day' }, { key: first.key });
    expect(response.status).toBe(200);
    const [email] = response.body.emails;
    expect(email.day.observations).toBe(3);
    expect(email.day.sources).toBe(2);
    const events = Object.fromEntries(email.day.events.map((e: { type: string }) => [e.type, e]));
    expect(events.verification).toEqual({ type: 'verification', observations: 2, sources: 2 });
    expect(events.signals).toEqual({ type: 'signals', observations: 1, sources: 1 });
    expect(email.sha256).toBe(digest('sha256', address));
  });

  it('an unknown patternInterval is a 400 naming the allowed values', async () => {
    const response = await signals({ emails: ['a@example.com'], patternInterval: 'fortnight' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(response.body.errors[0].path).toBe('patternInterval');
    expect(response.body.errors[0].message).toContain('6month');
  });

  it('country filters: excludedCountries matching gives 204, countries restricts', async () => {
    const phone = '+14155550177';
    const key = await newKey('verify,signals');
    await verify({ phones: [phone] }, { key: key.key });
    expect((await signals({ phones: [phone] }, { key: key.key })).status).toBe(200);
    expect((await signals({ phones: [phone], excludedCountries: ['US'] }, { key: key.key })).status).toBe(
      204,
    );
    expect((await signals({ phones: [phone], excludedCountries: ['FR'] }, { key: key.key })).status).toBe(
      200,
    );
    expect((await signals({ phones: [phone], countries: ['US'] }, { key: key.key })).status).toBe(200);
    expect((await signals({ phones: [phone], countries: ['DE'] }, { key: key.key })).status).toBe(204);
  });

  it('400 COUNTRY_FILTER_CONFLICT for countries with excludedCountries, INVALID_INPUT for bad codes', async () => {
    const conflict = await signals({
      emails: ['a@example.com'],
      countries: ['US'],
      excludedCountries: ['FR'],
    });
    expect(conflict.status).toBe(400);
    expect(conflict.body.code).toBe('COUNTRY_FILTER_CONFLICT');
    const bad = await signals({ emails: ['a@example.com'], countries: ['ZZ', 'usa'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'countries.0',
      'countries.1',
    ]);
  });

  // docs/api/request-fields.md: one schema; the operation that does not use a field ignores it.
  it('country filters and patternInterval are Signals-only: Verify accepts and ignores them', async () => {
    const response = await verify({ emails: ['a@example.com'], countries: ['US'], patternInterval: 'day' });
    expect(response.status, response.text).toBe(201);
  });
});
