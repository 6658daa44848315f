// A person's email addresses: domain kinds (free, business, disposable, education, government,
// no MX) and local-part styles, unique across the run.
import type { Dated } from './activity';
import { type DomainKind, emailDomain } from './domains';
import { disambiguate, type LocalStyle, localPart } from './emails';
import { emailKey } from './keys';
import type { Phenomenon } from './phenomena';
import type { Rng } from './prng';
import type { GenContext, SeedName } from './types';

const EMAIL_KINDS: readonly (readonly [Phenomenon, DomainKind])[] = [
  ['email-free', 'free'],
  ['email-business', 'business'],
  ['email-disposable', 'disposable'],
  ['email-education', 'education'],
  ['email-government', 'government'],
  ['email-no-mx', 'no-mx'],
];
const LOCAL_STYLES: readonly (readonly [Phenomenon, LocalStyle])[] = [
  ['local-name', 'name'],
  ['local-numeric', 'numeric'],
  ['local-random', 'random'],
  ['local-role', 'role'],
  ['local-other', 'other'],
];

function randomStyle(rng: Rng, kind: DomainKind): LocalStyle {
  switch (kind) {
    case 'business':
      return rng.weighted<LocalStyle>([
        ['name', 85],
        ['role', 10],
        ['other', 5],
      ]);
    case 'disposable':
      return rng.weighted<LocalStyle>([
        ['random', 55],
        ['other', 30],
        ['numeric', 15],
      ]);
    case 'education':
    case 'government':
      return rng.weighted<LocalStyle>([
        ['name', 95],
        ['role', 5],
      ]);
    case 'no-mx':
      return rng.weighted<LocalStyle>([
        ['name', 60],
        ['role', 20],
        ['random', 20],
      ]);
    case 'free':
      return rng.weighted<LocalStyle>([
        ['name', 68],
        ['numeric', 8],
        ['random', 4],
        ['other', 20],
      ]);
  }
}

function randomKind(rng: Rng, primary: boolean, employed: boolean): DomainKind {
  const kind = rng.weighted<DomainKind>(
    primary
      ? [
          ['free', 70],
          ['business', 20],
          ['education', 4],
          ['government', 2],
          ['disposable', 3],
          ['no-mx', 1],
        ]
      : [
          ['free', 55],
          ['business', 20],
          ['disposable', 15],
          ['education', 5],
          ['government', 3],
          ['no-mx', 2],
        ],
  );
  return kind === 'business' && !employed ? 'free' : kind;
}

interface EmailPlan {
  kind: DomainKind;
  style: LocalStyle;
}

function emailPlans(
  rng: Rng,
  has: (p: Phenomenon) => boolean,
  ghost: boolean,
  employed: boolean,
): EmailPlan[] {
  const count = ghost ? 1 : 1 + Number(rng.chance(0.4)) + Number(rng.chance(0.15)) + Number(rng.chance(0.05));
  const forcedKind = EMAIL_KINDS.find(([p]) => has(p))?.[1];
  const forcedStyle = LOCAL_STYLES.find(([p]) => has(p))?.[1];
  return Array.from({ length: count }, (_, i) => {
    let kind = (i === 0 ? forcedKind : undefined) ?? randomKind(rng, i === 0, employed);
    const style = (i === 0 ? forcedStyle : undefined) ?? randomStyle(rng, kind);
    // A role mailbox belongs to an organisation, never to a free provider.
    if (style === 'role' && (kind === 'free' || kind === 'disposable')) kind = 'business';
    if (style !== 'role' && kind === 'government' && forcedStyle === undefined)
      return { kind, style: 'name' };
    return { kind, style };
  });
}

function claimEmail(ctx: GenContext, rng: Rng, plan: EmailPlan, local: string, domain: string): string {
  let candidate = local;
  for (let attempt = 0; ; attempt++) {
    const address = `${candidate}@${domain}`;
    if (ctx.claim(`email|${address}`)) return address;
    candidate = disambiguate(rng, local, attempt, plan.style);
  }
}

export interface EmailOptions {
  has: (p: Phenomenon) => boolean;
  ghost: boolean;
  employed: boolean;
  name: SeedName;
  birthYear: number;
  country: string;
  company: string;
  /** When the first address is first used; `later()` draws when each other one is. */
  start: number;
  later: () => number;
  phenomena: Set<Phenomenon>;
}

export function personEmails(rng: Rng, ctx: GenContext, o: EmailOptions): (Dated & { address: string })[] {
  return emailPlans(rng, o.has, o.ghost, o.employed).map((emailPlan, i) => {
    const local = localPart(rng, emailPlan.style, o.name, o.birthYear);
    const address = claimEmail(
      ctx,
      rng,
      emailPlan,
      local,
      emailDomain(rng, emailPlan.kind, o.country, o.company),
    );
    o.phenomena.add(`email-${emailPlan.kind}`);
    o.phenomena.add(`local-${emailPlan.style}`);
    return { key: emailKey(address), from: i === 0 ? o.start : o.later(), address };
  });
}
