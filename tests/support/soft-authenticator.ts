// A software WebAuthn authenticator for service tests, built from the specification (W3C
// WebAuthn Level 2, §6.1 authenticator data, §6.5.4 "none" attestation, §8.2 ES256 COSE keys)
// with node:crypto's P-256 keys: it answers the server's options as a browser with a platform
// authenticator would, so the server's checks run on real signatures. The browser flow itself is
// tested in e2e through Chromium's virtual authenticator.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export interface SoftAuthenticator {
  credentialId: string;
  /** The signature counter it reports next (and can be wound back to play a clone). */
  counter: number;
  register(options: { challenge: string; rp: { id?: string } }, origin: string): object;
  assert(options: { challenge: string; rpId?: string }, origin: string): object;
}

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const self: SoftAuthenticator = {
    credentialId: b64url(credentialId),
    counter: 1,
    register(options, origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? ''),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        u32(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        Buffer.from(coseKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(options, origin) {
      const authData = Buffer.concat([sha256(options.rpId ?? ''), Buffer.from([0x05]), u32(self.counter)]);
      self.counter += 1;
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return self;
}
