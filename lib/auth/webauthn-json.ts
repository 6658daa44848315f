// The browser's WebAuthn answers as they cross the wire (JSON from @simplewebauthn/browser),
// checked for shape before @simplewebauthn/server reads them: a malformed post is refused as a
// wrong answer, never thrown as a 500.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

const b64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const attachment = z.enum(['cross-platform', 'platform']).optional();

const authentication = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: attachment,
});

const registration = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: transports.optional(),
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: attachment,
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The sign-in's assertion, from the JSON text the form posted; null when it is not one. */
export function parseAuthenticationResponse(text: string): AuthenticationResponseJSON | null {
  const parsed = authentication.safeParse(parseJson(text));
  return parsed.success ? (parsed.data as AuthenticationResponseJSON) : null;
}

/** A new passkey's attestation, from the JSON text the page posted; null when it is not one. */
export function parseRegistrationResponse(text: string): RegistrationResponseJSON | null {
  const parsed = registration.safeParse(parseJson(text));
  return parsed.success ? (parsed.data as RegistrationResponseJSON) : null;
}
