// The "Overall risk" and "Awaiting a source" sections of docs/checks.md, computed with the engine's
// own functions so the figures cannot drift from lib/engine/risk.ts.
import { runChecks } from '@/lib/engine/checks';
import { CHECK_CATALOG, CHECK_IDS, type CheckSpec, type StateSpec } from '@/lib/engine/checks/catalog';
import { parseVerifyRequest } from '@/lib/engine/request';
import { PRIOR_FRAUD_RATE, riskBand, riskOfEvidence, scoreChecks, scoreRisk } from '@/lib/engine/risk';
import { checkWeight, FACTS, LEVEL_FLOORS, LEVEL_WEIGHTS } from '@/lib/engine/risk-weights';
import { type Check, RISK_ORDER, type RiskLevel } from '@/lib/engine/types';
import { baseContext } from './context';
import { code, table } from './markdown';
import { WORKED_CONTEXT, WORKED_REQUEST } from './worked-example';

export interface Section {
  lines: string[];
  problems: string[];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The risk of `count` checks of each given level, as scoreRisk computes it. */
function riskOf(levels: Partial<Record<RiskLevel, number>>): number {
  const checks = Object.entries(levels).flatMap(([risk, count]) =>
    Array.from(
      { length: count ?? 0 },
      (): Check => ({
        id: 'X',
        state: 'X',
        name: 'X',
        description: '',
        risk: risk as RiskLevel,
        checkPackage: 'Breached',
      }),
    ),
  );
  return scoreRisk(checks).risk;
}

/** The band boundaries the text states, checked against riskBand. */
function bandProblems(): string[] {
  const expected: [number, string][] = [
    [0.5, 'low'],
    [0.5001, 'medium'],
    [0.75, 'medium'],
    [0.7501, 'high'],
  ];
  return expected
    .filter(([risk, band]) => riskBand(risk) !== band)
    .map(([risk, band]) => `riskBand(${risk}) is ${riskBand(risk)}, the doc says ${band}`);
}

function workedExample(): Section {
  const parsed = parseVerifyRequest(WORKED_REQUEST);
  if (!parsed.ok) return { lines: [], problems: ['the worked example request does not parse'] };
  const checks = runChecks(parsed.value, WORKED_CONTEXT.context(baseContext(parsed.value)));
  const scored = scoreChecks(checks);
  let running = 0;
  const moving = scored.checks.filter((check) => check.contribution !== 0 || checkWeight(check) !== 0);
  const rows = moving.map((check, index) => {
    running = round4(running + check.contribution);
    const weight = checkWeight(check);
    return [
      `${index + 1}`,
      code(check.id),
      code(check.state),
      check.risk,
      `${weight}`,
      `${running}`,
      `${check.contribution}`,
    ];
  });
  const problems =
    running === scored.risk
      ? []
      : [`the worked example's contributions add up to ${running}, not ${scored.risk}`];
  const rest = scored.checks.length - moving.length;
  return {
    problems,
    lines: [
      `For example, ${code(JSON.stringify(WORKED_REQUEST))}, where ${WORKED_CONTEXT.note.replace(/^The/, 'the')}`,
      '',
      ...table(['#', 'Check', 'State', 'Risk', 'Weight', 'Risk so far', 'Contribution'], rows),
      '',
      `The other ${rest} checks weigh 0 and contribute 0: \`risk\` is ${scored.risk}, band ${scored.band}.`,
    ],
  };
}

/** Every state with a weight of its own, in catalog order. */
function ownWeights(): string[][] {
  return CHECK_IDS.flatMap((id) => {
    const states: Readonly<Record<string, StateSpec>> = CHECK_CATALOG[id].states;
    return Object.entries(states).flatMap(([state, spec]) =>
      spec.weight === undefined ? [] : [[code(id), code(state), spec.risk, `${spec.weight}`]],
    );
  });
}

/** The states that void their fact's trust (StateSpec.voidsTrust), as `CHECK` `STATE`. */
function voiding(): string {
  const specs: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;
  return Object.entries(specs)
    .flatMap(([id, spec]) =>
      Object.entries(spec.states).flatMap(([state, s]) =>
        s.voidsTrust ? [`${code(id)} ${code(state)}`] : [],
      ),
    )
    .join(', ');
}

export function riskSection(): Section {
  const worked = workedExample();
  const weights = RISK_ORDER.map((level) => {
    const floor = LEVEL_FLOORS.find(([l]) => l === level)?.[1];
    return [level, `${LEVEL_WEIGHTS[level]}`, floor === undefined ? 'below 0.1' : `${floor}`];
  });
  const facts = Object.entries(FACTS).map(([fact, ids]) => [fact, ids.map(code).join(', ')]);
  const alone = (weight: number) => round4(riskOfEvidence(weight));
  return {
    problems: [...bandProblems(), ...worked.problems],
    lines: [
      '## Overall risk',
      '',
      'The `risk` of a Verify answer (0 to 1) is a deterministic function of its checks (`scoreRisk` in',
      'lib/engine/risk.ts), a scorecard in log-odds. Each state has a weight of evidence: the natural',
      'log of how much more often fraud shows it than honest applicants do, negative for trust (a long',
      'history). The states with a weight of their own, from public prevalence figures',
      '([risk.md](risk.md) cites them):',
      '',
      ...table(['Check', 'State', 'Risk', 'Weight'], ownWeights()),
      '',
      "Every other state weighs its level's weight; a level a workspace's policy sets, or the",
      "coverage rule lowers, weighs that level's weight too. An unpinned state's level is the band its",
      'weight falls in:',
      '',
      ...table(['Level', 'Weight', 'Lowest weight of the level'], weights),
      '',
      'States that say the same thing count once: within each fact below only the largest positive',
      'weight and the most negative one count (a check outside these is a fact of its own).',
      '',
      ...table(['Fact', 'Checks'], facts),
      '',
      `A state that voids its fact's trust (${voiding()}) makes the most negative weight of its fact`,
      "count for nothing while it weighs more than 0: a long-known email's history vouches for its",
      'owner, not for an applicant who arrives with a phone the owner never used.',
      '',
      `With S the sum of the facts' weights and p = ${PRIOR_FRAUD_RATE} the share of fraud before any check`,
      'is read:',
      '',
      '    risk = max(0, (σ(ln(p / (1 - p)) + S) - p) / (1 - p)), rounded to 4 decimals, σ(x) = 1 / (1 + e^-x)',
      '',
      'that is the probability of fraud given the evidence, measured from the prior: 0 with no',
      `evidence or with trust outweighing it. One HIGH alone gives ${alone(LEVEL_WEIGHTS.HIGH)}, a HIGH and a MED`,
      `${alone(LEVEL_WEIGHTS.HIGH + LEVEL_WEIGHTS.MED)}; one MED gives ${alone(LEVEL_WEIGHTS.MED)}, two give ${alone(2 * LEVEL_WEIGHTS.MED)},`,
      `three ${alone(3 * LEVEL_WEIGHTS.MED)}; ten LOW give ${riskOf({ LOW: 10 })}. The band follows`,
      'the ranges of the API documentation ([api/operations.md](api/operations.md#post-apiverify):',
      '0.00-0.50 low, 0.51-0.75 medium, 0.76-1.00 high) made gap-free:',
      '**high** when risk > 0.75, **medium** when risk > 0.50, **low** otherwise.',
      '',
      'Verify lists the checks riskiest first (HIGH, MED, LOW, NONE; then by package and id), and each',
      'check carries `contribution`: how much it moved the risk, taking the checks in that order. With',
      'R(i) the rounded risk of checks 1 to i, check i contributes R(i) - R(i-1), so the contributions add',
      'up to `risk` (to 4 decimals); a check whose fact an earlier check already counted contributes 0,',
      'and trust contributes a negative step. The order changes how `risk` is split, never `risk` itself.',
      '',
      ...worked.lines,
    ],
  };
}

/** Catalog UNKNOWN states whose risk is pinned (docs/api/operations.md): they keep it while awaiting their source. */
function pinnedUnknowns(): string[] {
  return CHECK_IDS.flatMap((id) => {
    const states: Readonly<Record<string, StateSpec>> = CHECK_CATALOG[id].states;
    const unknown = states.UNKNOWN;
    return unknown?.pinned ? [`${code(id)} UNKNOWN (${unknown.risk})`] : [];
  });
}

export function awaitingSection(): string[] {
  const pinned = pinnedUnknowns();
  return [
    '## Awaiting a source: UNKNOWN at NONE',
    '',
    'A check whose data source is not loaded yet (the identity graph not consulted, a list not',
    'imported, no DNS answer gathered, no geolocation database) answers UNKNOWN at risk NONE, with a',
    'description that starts "Awaiting": a source we have not loaded says nothing about the person.',
    'This holds even where the catalog gives UNKNOWN a risk for other evidence (a failed DNS lookup',
    `is LOW), unless it is pinned${pinned.length > 0 ? `: ${pinned.join(', ')}` : ''}.`,
    'Rows whose risk is not the default for their state say so in the Risk column.',
    '',
    'The console shows a sanctions, `IP_TYPE` or SSA check awaiting its list as "List not loaded"',
    '(not a NONE risk chip, which would read as a pass), in the results and the case report; a check',
    'that read a list older than its limit (sanctions 7 days, Tor 1 day) is marked stale. See',
    '[usage.md](usage.md#reference-lists), List freshness.',
  ];
}
