// Passkeys belong to a host name (WebAuthn's RP ID): browsers refuse an IP address, so the
// console says so instead of offering a ceremony that cannot work. The browser's answers are
// checked for shape before the WebAuthn library reads them.
import { afterEach, describe, expect, it } from 'vitest';
import { relyingParty, requestRelyingParty } from '@/lib/auth/passkey-party';
import { parseAuthenticationResponse, parseRegistrationResponse } from '@/lib/auth/webauthn-json';

describe('relying party', () => {
  afterEach(() => {
    delete process.env.AUTH_URL;
  });

  it('is the origin and its host name', () => {
    expect(relyingParty('https://verity.example.com')).toEqual({
      origin: 'https://verity.example.com',
      rpID: 'verity.example.com',
    });
    expect(relyingParty('http://localhost:3000')).toEqual({
      origin: 'http://localhost:3000',
      rpID: 'localhost',
    });
  });

  it('is none at an IP address or a malformed origin', () => {
    expect(relyingParty('http://127.0.0.1:3000')).toBeNull();
    expect(relyingParty('http://10.0.0.5')).toBeNull();
    expect(relyingParty('http://[::1]:3000')).toBeNull();
    expect(relyingParty('not a url')).toBeNull();
  });

  it("follows the browser's Host, unless the operator set AUTH_URL", () => {
    const headers = new Headers({ host: 'console.example.org:8443' });
    expect(requestRelyingParty(headers, 'http://localhost')?.rpID).toBe('console.example.org');
    process.env.AUTH_URL = 'https://verity.example.com/api/auth';
    expect(requestRelyingParty(headers, 'http://localhost')).toEqual({
      origin: 'https://verity.example.com',
      rpID: 'verity.example.com',
    });
  });
});

describe("the browser's answers", () => {
  const assertion = {
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
    clientExtensionResults: {},
  };

  it('are taken when shaped as WebAuthn says', () => {
    expect(parseAuthenticationResponse(JSON.stringify(assertion))?.id).toBe('abc');
    expect(
      parseRegistrationResponse(
        JSON.stringify({ ...assertion, response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' } }),
      )?.id,
    ).toBe('abc');
  });

  it('are refused when not JSON, not base64url, or missing a part', () => {
    expect(parseAuthenticationResponse('{')).toBeNull();
    expect(parseAuthenticationResponse(JSON.stringify({ ...assertion, id: 'a b' }))).toBeNull();
    expect(parseAuthenticationResponse(JSON.stringify({ ...assertion, type: 'password' }))).toBeNull();
    expect(
      parseAuthenticationResponse(JSON.stringify({ ...assertion, response: { clientDataJSON: 'e30' } })),
    ).toBeNull();
    expect(parseRegistrationResponse(JSON.stringify(assertion))).toBeNull();
  });
});
