'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import QRCode from 'qrcode';
import { serverSecret } from '@/lib/config/secret';
import { db } from '@/lib/db/client';
import { requestClientAddress } from '@/lib/net/peer-address';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableSecondFactor,
  verifySecondFactor,
} from '@/lib/services/second-factor';
import { forgiveSignIn, recordSignInFailure, signInThrottle } from '@/lib/services/sign-in-attempts';
import { accountActor as actor } from './account-actor';
import type { SecondFactorFormState } from './second-factor-state';

/** Step one of enrolment: a new secret, as a QR code and as text to type. */
export async function beginTotpAction(): Promise<SecondFactorFormState> {
  const ctx = await actor();
  const started = await beginTotpEnrolment(db(), serverSecret(), ctx);
  if (!started)
    return { step: 'idle', error: 'A second factor is already on; turn it off first to replace it.' };
  const qr = await QRCode.toDataURL(started.uri, { margin: 1, width: 200 });
  return { step: 'scan', secret: started.secretBase32, qr, error: null };
}

/** Step two: the first code confirms the app; the recovery codes are shown this once. */
export async function confirmTotpAction(
  _previous: SecondFactorFormState,
  form: FormData,
): Promise<SecondFactorFormState> {
  const ctx = await actor();
  const result = await confirmTotpEnrolment(db(), serverSecret(), ctx, {
    code: String(form.get('code') ?? ''),
  });
  // The QR code stays on screen (it is the section's own state); only the message is answered.
  if (!result.ok)
    return {
      step: 'idle',
      error:
        result.reason === 'wrong'
          ? 'That code does not match. Check the time on your phone, then enter the code it shows now.'
          : 'This setup is no longer open. Reload the page and start again.',
    };
  revalidatePath('/account/password');
  return { step: 'codes', recoveryCodes: result.recoveryCodes, error: null };
}

/** Turning it off takes a current code (or a recovery code): a stolen session alone cannot. */
export async function disableTotpAction(
  _previous: SecondFactorFormState,
  form: FormData,
): Promise<SecondFactorFormState> {
  const ctx = await actor();
  if (ctx.required !== null)
    return {
      step: 'idle',
      error: `${ctx.required} requires two-step sign-in, so it stays on. An admin can lift the requirement in Settings.`,
    };
  // Guessing codes here counts against the sign-in throttle: a stolen session alone cannot try
  // its way through a million codes to turn the second factor off.
  const source = { email: ctx.email, ip: requestClientAddress(await headers()) };
  const throttle = await signInThrottle(db(), source);
  if (!throttle.allowed) {
    const minutes = Math.max(1, Math.ceil(throttle.retryAfterSeconds / 60));
    return {
      step: 'idle',
      error: `Too many wrong codes; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    };
  }
  const attemptAt = await recordSignInFailure(db(), source);
  const verdict = await verifySecondFactor(db(), serverSecret(), {
    userId: ctx.actor,
    code: String(form.get('code') ?? ''),
  });
  if (!verdict.ok) return { step: 'idle', error: 'That code is not right, or was used already.' };
  await forgiveSignIn(db(), source, attemptAt);
  await disableSecondFactor(db(), ctx);
  revalidatePath('/account/password');
  return { step: 'idle', error: null, notice: 'Two-step sign-in is off.' };
}
