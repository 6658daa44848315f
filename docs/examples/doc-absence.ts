// The "Absence and the graph's coverage" section of docs/checks.md, from lib/engine/coverage.ts's
// own constants and weighAbsence, so the rule the doc states is the rule Verify runs.
import { CHECK_CATALOG, type CheckId, type StateSpec } from '@/lib/engine/checks/catalog';
import {
  ABSENCE_STATES,
  COVERAGE_FULL,
  COVERAGE_MIN_SESSIONS,
  COVERAGE_PARTIAL,
  COVERAGE_WINDOW_DAYS,
  type GraphCoverage,
  weighAbsence,
} from '@/lib/engine/coverage';
import type { Check, RiskLevel } from '@/lib/engine/types';
import { code, table } from './markdown';

const catalogRisk = (id: CheckId, state: string): RiskLevel => {
  const states: Readonly<Record<string, StateSpec>> = CHECK_CATALOG[id].states;
  return states[state]?.risk ?? 'NONE';
};

const ABSENCE = ABSENCE_STATES.map(
  ({ id, state, horizon }) =>
    [id, state, catalogRisk(id, state), horizon === 'month' ? '30 days' : 'a year'] as const,
);

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The level weighAbsence gives a state of this default at this coverage (both horizons alike). */
function weighed(id: string, state: string, risk: RiskLevel, share: number | null): RiskLevel {
  const known = share === null ? 0 : Math.round(share * 1000);
  const coverage: GraphCoverage | null =
    share === null
      ? null
      : { sessions: COVERAGE_MIN_SESSIONS, asked: 1000, knownMonth: known, knownYear: known };
  const check: Check = { id, state, risk, name: id, description: '', checkPackage: 'Digital' };
  return weighAbsence([check], coverage)[0]?.risk ?? risk;
}

export function absenceSection(): string[] {
  const columns: [string, number | null][] = [
    ['not measured', null],
    [`< ${percent(COVERAGE_PARTIAL)}`, COVERAGE_PARTIAL / 2],
    [`${percent(COVERAGE_PARTIAL)} to < ${percent(COVERAGE_FULL)}`, (COVERAGE_PARTIAL + COVERAGE_FULL) / 2],
    [`>= ${percent(COVERAGE_FULL)}`, COVERAGE_FULL],
  ];
  const rows = ABSENCE.map(([id, state, risk, horizon]) => [
    `${code(id)} ${code(state)}`,
    horizon,
    ...columns.map(([, share]) => weighed(id, state, risk, share)),
  ]);
  return [
    "## Absence and the graph's coverage",
    '',
    'Some states say only that the identity graph holds no (earlier) sighting: no digital footprint,',
    'never seen, first seen lately, no social profiles. That means something only when the graph would',
    'have known the applicant. Verify measures how often it did, per workspace: of the emails and phones',
    `of the workspace's Verify sessions of the last ${COVERAGE_WINDOW_DAYS} days (each session counted once, at its`,
    'first call), the share the graph had first seen more than 30 days before (more than a year, for',
    `first seen RECENT). Below ${COVERAGE_MIN_SESSIONS} such sessions the share is not measured. Each absence state then`,
    'weighs its catalog level (or the level the workspace risk policy sets for it) only as far as the',
    'share makes it informative, and its description ends with the measurement, for example "The graph',
    'had known 4 % of the emails and phones verified in the last 30 days for more than 30 days (12 of',
    '300), so absence says little. Weighed at NONE, not HIGH."',
    '',
    ...table(
      ['State (catalog level)', 'Known for over', ...columns.map(([label]) => label)],
      rows.map((row, i) => {
        const entry = ABSENCE[i];
        return entry ? [`${row[0]} (${entry[2]})`, ...row.slice(1)] : row;
      }),
    ),
    '',
    'So a fresh install, where few applicants are known, scores an ordinary applicant on the evidence',
    'that is there, and a mature graph, where most applicants are long known, makes a stranger',
    'suspicious again. The rule is `weighAbsence` in lib/engine/coverage.ts; the measurement is',
    'lib/services/coverage.ts (cached per process for a minute, a new session counted at once).',
    '',
    'The same absence counts once: when `DIGITAL_NO_DIGITAL_FOOTPRINT` is TRUE (no email, phone or',
    'profile of the identity was ever seen), `EMAIL_NEVER_SEEN` TRUE adds nothing and says so.',
    '',
    'Order of the steps: the checks answer at their catalog level, the workspace risk policy replaces',
    'the level of the states it names, absence is weighed by coverage, and the risk is scored (with the',
    'weight the policy sets for a state, while the state stands at its policy level; see',
    '[risk.md](risk.md), "Learning from decisions").',
  ];
}
