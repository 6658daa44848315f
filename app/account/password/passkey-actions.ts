'use server';

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { deviceLabel } from '@/lib/auth/device-label';
import { PASSKEYS_NEED_A_HOST_NAME, requestRelyingParty } from '@/lib/auth/passkey-party';
import { parseRegistrationResponse } from '@/lib/auth/webauthn-json';
import { db } from '@/lib/db/client';
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  MAX_PASSKEYS,
  removePasskey,
} from '@/lib/services/passkeys';
import { accountActor } from './account-actor';

async function relyingPartyHere() {
  return requestRelyingParty(await headers(), 'http://localhost');
}

export type BeginPasskeyResult =
  | { ok: true; options: PublicKeyCredentialCreationOptionsJSON }
  | { ok: false; error: string };

/** Adding a passkey, part one: the options for the browser (a challenge kept five minutes). */
export async function beginPasskeyAction(): Promise<BeginPasskeyResult> {
  const ctx = await accountActor();
  const rp = await relyingPartyHere();
  if (!rp) return { ok: false, error: PASSKEYS_NEED_A_HOST_NAME };
  const begun = await beginPasskeyRegistration(db(), ctx, rp);
  if (begun.ok) return begun;
  return {
    ok: false,
    error:
      begun.reason === 'too_many'
        ? `You have ${MAX_PASSKEYS} passkeys, the most an account keeps. Remove one first.`
        : 'This account could not be found. Sign in again.',
  };
}

export type FinishPasskeyResult = { ok: true; recoveryCodes: string[] | null } | { ok: false; error: string };

/** Part two: the browser's answer, checked and kept, named after the browser it was made in. */
export async function finishPasskeyAction(answer: string): Promise<FinishPasskeyResult> {
  const ctx = await accountActor();
  const rp = await relyingPartyHere();
  if (!rp) return { ok: false, error: PASSKEYS_NEED_A_HOST_NAME };
  const response = parseRegistrationResponse(answer);
  if (!response) return { ok: false, error: 'The browser’s answer was not a passkey. Try again.' };
  const label = deviceLabel((await headers()).get('user-agent'));
  const finished = await finishPasskeyRegistration(db(), ctx, { response, rp, label });
  if (!finished.ok)
    return {
      ok: false,
      error:
        finished.reason === 'expired'
          ? 'That took more than five minutes. Add the passkey again.'
          : 'The passkey could not be checked, or is already on this account. Try again.',
    };
  revalidatePath('/account/password');
  return { ok: true, recoveryCodes: finished.recoveryCodes };
}

export type RemovePasskeyActionResult = { ok: true } | { ok: false; error: string };

/** Removes one of the user's passkeys; the last second factor stays while a workspace requires one. */
export async function removePasskeyAction(id: string): Promise<RemovePasskeyActionResult> {
  const ctx = await accountActor();
  const removed = await removePasskey(db(), ctx, { id: String(id), required: ctx.required !== null });
  if (!removed.ok)
    return {
      ok: false,
      error:
        removed.reason === 'required'
          ? `${ctx.required ?? 'Your workspace'} requires two-step sign-in, so your last second factor stays. Add another first.`
          : 'That passkey is no longer on this account.',
    };
  revalidatePath('/account/password');
  return { ok: true };
}
