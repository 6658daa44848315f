// The thresholds of the velocity checks, one rule per hub kind; the definitions (defs/velocity-*.ts)
// state them in their meanings and the runner (velocity.ts) applies them.
//
// Why these numbers: one person keeps a phone, an SSN and an email; a second identity on one of
// them within a month is already unusual (a shared family phone), two in a day or three in a week is
// what a ring sending fresh names looks like. A household shares a street address with one to three
// people over years and rarely gains several new ones in a week; three applicants in one hour (the
// third of a ring sent within minutes) is a burst, as are five in a month (more than any household
// adds). An IP address is shared infrastructure (carrier NAT, campuses, relay and VPN exits), so it
// needs more identities and weighs less; still, within one workspace's traffic three strangers
// on one address within the hour are rare (a carrier NAT address serves a few hundred
// subscribers spread over the whole country's applications), and a ring's third application
// within minutes is exactly that.
import type { VelocityHubKind, VelocityWindow } from '../velocity/facts';

/** At least `others` identities besides the applicant's in `window`. */
export interface VelocityThreshold {
  window: VelocityWindow;
  others: number;
}

export interface VelocityRule {
  /** Any one reached: ELEVATED. */
  elevated: readonly VelocityThreshold[];
  /** Any one reached: BURST (checked first). */
  burst: readonly VelocityThreshold[];
}

const PERSONAL: VelocityRule = {
  elevated: [{ window: 'month', others: 1 }],
  burst: [
    { window: 'day', others: 2 },
    { window: 'week', others: 3 },
  ],
};

export const VELOCITY_RULES: Readonly<Record<VelocityHubKind, VelocityRule>> = {
  phone: PERSONAL,
  ssn: PERSONAL,
  email: PERSONAL,
  address: {
    elevated: [{ window: 'week', others: 2 }],
    burst: [
      { window: 'hour', others: 2 },
      { window: 'day', others: 3 },
      { window: 'month', others: 5 },
    ],
  },
  ip: {
    elevated: [
      { window: 'hour', others: 2 },
      { window: 'day', others: 3 },
    ],
    burst: [
      { window: 'hour', others: 5 },
      { window: 'day', others: 8 },
    ],
  },
};

export const WINDOW_TEXT: Readonly<Record<VelocityWindow, string>> = {
  hour: 'the last hour',
  day: 'the last day',
  week: 'the last 7 days',
  month: 'the last 30 days',
};

const identities = (n: number) => (n === 1 ? '1 other identity' : `${n} other identities`);

/** "2 other identities in the last day, or 3 in the last 7 days", for the meanings. */
export function thresholdText(thresholds: readonly VelocityThreshold[]): string {
  return thresholds
    .map((t, i) => `${i === 0 ? identities(t.others) : t.others} in ${WINDOW_TEXT[t.window]}`)
    .join(', or ');
}
