// The masked summary of a Verify call is stored as Postgres jsonb (session_calls.input_summary),
// which refuses NUL, and shown in console lists: whatever the caller sent, it stays clean and short.
import { describe, expect, it } from 'vitest';
import { isStorableText } from '@/lib/contract/fields/storable';
import { maskRequest } from '@/lib/engine/mask';
import { cleartextEmail, name, normalizedRequest } from './support/normalized-request';

const CONTROL = /\p{Cc}/u;

describe('maskRequest', () => {
  it('keeps control characters out of masked emails, phones and profiles', () => {
    const masked = maskRequest(
      normalizedRequest({
        emails: [cleartextEmail('jane@exa\u0000mple.com', false)],
        phones: [{ raw: '\u0000\u0001 call me', e164: null, valid: false, region: null, lineType: null }],
        profiles: [
          {
            service: 'git\u0000hub',
            url: null,
            username: 'j\u0000doe',
            userid: null,
            followers: null,
            following: null,
            score: null,
            bio: null,
          },
        ],
      }),
    );
    for (const text of [...masked.emails, ...masked.phones, ...masked.profiles]) {
      expect(text).not.toMatch(CONTROL);
    }
  });

  it('bounds the masked form of an over-long email or phone', () => {
    const masked = maskRequest(
      normalizedRequest({
        emails: [cleartextEmail(`a@${'b'.repeat(100_000)}.com`, false)],
        phones: [{ raw: '5'.repeat(100_000), e164: null, valid: false, region: null, lineType: null }],
      }),
    );
    expect(masked.emails[0]?.length).toBeLessThanOrEqual(64);
    expect(masked.emails[0]).toMatch(/^a\*\*\*@b+…$/);
    expect(masked.phones[0]?.length).toBeLessThanOrEqual(64);
    // The ends stay visible, the middle stays hidden.
    expect(masked.phones[0]).toMatch(/^55\*+5555$/);
  });

  // Found by the hostile-input property suite: a phone ending in an astral character was masked
  // with half its surrogate pair, which jsonb refuses (a 500 on Verify).
  it('never cuts a surrogate pair in half', () => {
    const astral = '\u{10FFEB}';
    const masked = maskRequest(
      normalizedRequest({
        emails: [cleartextEmail(`😀jane@${'b'.repeat(80)}😀.com`, false)],
        phones: [
          { raw: `@bin${astral}cal`, e164: null, valid: false, region: null, lineType: null },
          { raw: `😀😀😀${'5'.repeat(10)}😀😀`, e164: null, valid: false, region: null, lineType: null },
          { raw: '😀'.repeat(100), e164: null, valid: false, region: null, lineType: null },
        ],
        name: name('😀Jane', 'Doe'),
      }),
    );
    const texts = [...masked.emails, ...masked.phones, masked.name ?? ''];
    for (const text of texts) expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    expect(masked.phones[0]).toBe(`@b**${astral}cal`);
    expect(masked.name).toBe('😀. Doe');
  });
});
