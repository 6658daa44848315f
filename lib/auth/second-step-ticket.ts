// The sign-in's second step (issue 32): after the password matched, the browser gets a ticket
// instead of a session, and trades it with a code for one. The ticket names the user and the
// e-mail (for the throttle), expires in five minutes and is keyed with the server secret, so it
// cannot be forged or stretched; it proves the password, never replaces the code.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TICKET_TTL_MS = 5 * 60 * 1000;

interface TicketBody {
  userId: string;
  email: string;
  expiresAtMs: number;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `verity:second-step:${secret}`).update(payload).digest('base64url');

export function issueTicket(secret: string, input: { userId: string; email: string; nowMs: number }): string {
  const body: TicketBody = {
    userId: input.userId,
    email: input.email,
    expiresAtMs: input.nowMs + TICKET_TTL_MS,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The ticket's user and e-mail, or null when it is forged, malformed or expired. */
export function readTicket(
  secret: string,
  ticket: string,
  nowMs: number,
): { userId: string; email: string } | null {
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TicketBody>;
    if (
      typeof body.userId !== 'string' ||
      typeof body.email !== 'string' ||
      typeof body.expiresAtMs !== 'number'
    )
      return null;
    if (body.expiresAtMs <= nowMs) return null;
    return { userId: body.userId, email: body.email };
  } catch {
    return null;
  }
}
