// The "Overall risk" and "Awaiting a source" sections of docs/checks.md, computed with the engine's
// own functions so the figures cannot drift from lib/engine/risk.ts.
import { runChecks } from '@/lib/engine/checks';
import { CHECK_CATALOG, CHECK_IDS, type StateSpec } from '@/lib/engine/checks/catalog';
import { parseVerifyRequest } from '@/lib/engine/request';
import { RISK_WEIGHTS, riskBand, scoreChecks, scoreRisk } from '@/lib/engine/risk';
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
  const moving = scored.checks.filter((check) => check.risk !== 'NONE');
  const rows = moving.map((check, index) => {
    running = round4(running + check.contribution);
    const weight = RISK_WEIGHTS[check.risk];
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
      `The other ${rest} checks are at NONE and contribute 0: \`risk\` is ${scored.risk}, band ${scored.band}.`,
    ],
  };
}

export function riskSection(): Section {
  const worked = workedExample();
  const weights = RISK_ORDER.map((level) => [level, `${RISK_WEIGHTS[level]}`]);
  return {
    problems: [...bandProblems(), ...worked.problems],
    lines: [
      '## Overall risk',
      '',
      'The `risk` of a Verify answer (0 to 1) is a deterministic function of the risk levels of its',
      'checks (`scoreRisk` in lib/engine/risk.ts). Each level has a weight:',
      '',
      ...table(['Level', 'Weight'], weights),
      '',
      'and the checks combine as a noisy-OR, each one independent evidence:',
      '',
      '    risk = 1 - (1 - w(check 1)) × (1 - w(check 2)) × ... × (1 - w(check n)), rounded to 4 decimals',
      '',
      `One HIGH alone gives ${riskOf({ HIGH: 1 })}, two give ${riskOf({ HIGH: 2 })}; one MED gives ${riskOf({ MED: 1 })},`,
      `three give ${riskOf({ MED: 3 })}; ten LOW give ${riskOf({ LOW: 10 })}; NONE never moves it. The band follows`,
      'the ranges of the API documentation ([api/operations.md](api/operations.md#post-apiverify):',
      '0.00-0.50 low, 0.51-0.75 medium, 0.76-1.00 high) made gap-free:',
      '**high** when risk > 0.75, **medium** when risk > 0.50, **low** otherwise.',
      '',
      'Verify lists the checks riskiest first (HIGH, MED, LOW, NONE; then by package and id), and each',
      'check carries `contribution`: how much it moved the risk, taking the checks in that order. With',
      'R(i) the rounded risk of checks 1 to i, check i contributes R(i) - R(i-1), so the contributions add',
      'up to `risk` (to 4 decimals) and a check at NONE contributes 0. The order changes how `risk` is',
      'split, never `risk` itself.',
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
  ];
}
