'use server';

import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { headers } from 'next/headers';
import { PASSKEYS_NEED_A_HOST_NAME, requestRelyingParty } from '@/lib/auth/passkey-party';
import { readTicket } from '@/lib/auth/second-step-ticket';
import { serverSecret } from '@/lib/config/secret';
import { db } from '@/lib/db/client';
import { beginPasskeySignIn } from '@/lib/services/passkeys';

export type PasskeyOptionsResult =
  | { ok: true; options: PublicKeyCredentialRequestOptionsJSON }
  | { ok: false; error: string };

/**
 * The second step by passkey, part one: the challenge for the browser, for the user the ticket
 * names (the password was right). Part two posts the browser's answer with the ticket through
 * signInAction, where it is checked inside the sign-in throttle.
 */
export async function passkeyOptionsAction(ticket: string): Promise<PasskeyOptionsResult> {
  const holder = readTicket(serverSecret(), ticket, Date.now());
  if (!holder) return { ok: false, error: 'That took more than five minutes. Enter your password again.' };
  const rp = requestRelyingParty(await headers(), 'http://localhost');
  if (!rp) return { ok: false, error: PASSKEYS_NEED_A_HOST_NAME };
  const options = await beginPasskeySignIn(db(), { userId: holder.userId, rp });
  return options ? { ok: true, options } : { ok: false, error: 'This account has no passkey.' };
}
