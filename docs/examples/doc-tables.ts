// The per-check sections of docs/checks.md, package by package: every state with its examples.
import { PACKAGE_ORDER } from '@/lib/engine/checks';
import { CHECK_CATALOG, CHECK_IDS, type CheckId, type StateSpec } from '@/lib/engine/checks/catalog';
import { CHECK_SOURCES } from '@/lib/engine/checks/sources';
import type { CheckPackage } from '@/lib/engine/types';
import type { CheckExample } from './check-example';
import { CHECK_EXAMPLES, UNREACHABLE_STATES } from './check-examples';
import { anchor, code, table } from './markdown';
import { expectedRisk } from './run-example';

const HEADER = ['State', 'Risk', 'Evidence', 'Example'] as const;

const statesOf = (id: CheckId): [string, StateSpec][] =>
  Object.entries(CHECK_CATALOG[id].states as Readonly<Record<string, StateSpec>>);

function riskCell(spec: StateSpec, example: CheckExample | null): string {
  const risk = example ? expectedRisk(example) : spec.risk;
  if (example?.risk) return `${risk} (default ${spec.risk}; ${example.risk.why})`;
  return spec.pinned ? `${risk}, pinned` : `${risk}`;
}

function exampleCell(example: CheckExample): string {
  const earlier = (example.session ?? []).map((body) => `${code(JSON.stringify(body))}, then<br>`);
  const request = `${earlier.join('')}${code(JSON.stringify(example.request))}`;
  return example.note ? `${request}<br>${example.note}` : request;
}

/** One row per example; a state no request reaches gets one row saying why. */
function stateRows(id: CheckId, state: string, spec: StateSpec): string[][] {
  const examples = CHECK_EXAMPLES.filter((e) => e.check === id && e.state === state);
  if (examples.length === 0) {
    const missing = UNREACHABLE_STATES.find((u) => u.check === id && u.state === state);
    return [[code(state), riskCell(spec, null), spec.meaning, `No example. ${missing?.why ?? ''}`.trim()]];
  }
  // The evidence is given once per state.
  return examples.map((e, index) => [
    code(state),
    riskCell(spec, e),
    index === 0 ? spec.meaning : '',
    exampleCell(e),
  ]);
}

function checkSection(id: CheckId): string[] {
  const rows = statesOf(id).flatMap(([state, spec]) => stateRows(id, state, spec));
  return [
    `#### ${id}`,
    '',
    `**${CHECK_CATALOG[id].name}.** Data source: ${CHECK_SOURCES[id]}.`,
    '',
    ...table(HEADER, rows),
  ];
}

export function packageSection(checkPackage: CheckPackage): string[] {
  const ids = CHECK_IDS.filter((id) => CHECK_CATALOG[id].checkPackage === checkPackage);
  return [
    `### ${checkPackage}`,
    '',
    ids.map((id) => `[${id}](#${anchor(id)})`).join(' · '),
    ...ids.flatMap((id) => ['', ...checkSection(id)]),
  ];
}

export const PACKAGES: readonly CheckPackage[] = PACKAGE_ORDER;
