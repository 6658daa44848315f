// The editor's rows: every check and state of the catalog with its default level, and the
// differences a draft makes from the defaults and from the policy in force.
import { CHECK_CATALOG, type CheckSpec } from '@/lib/engine/checks/catalog';
import type { RiskOverrides } from '@/lib/engine/risk-policy/overrides';
import type { RiskLevel } from '@/lib/engine/types';

export interface StateRow {
  state: string;
  meaning: string;
  defaultRisk: RiskLevel;
  pinned: boolean;
}

export interface CheckRows {
  checkId: string;
  name: string;
  states: StateRow[];
}

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

export const CHECK_ROWS: readonly CheckRows[] = Object.entries(catalog).map(([checkId, spec]) => ({
  checkId,
  name: spec.name,
  states: Object.entries(spec.states).map(([state, s]) => ({
    state,
    meaning: s.meaning,
    defaultRisk: s.risk,
    pinned: s.pinned === true,
  })),
}));

/** Every level of the catalog, with the overrides applied: the form's values. */
export function allLevels(overrides: RiskOverrides): Record<string, Record<string, RiskLevel>> {
  return Object.fromEntries(
    CHECK_ROWS.map(({ checkId, states }) => [
      checkId,
      Object.fromEntries(
        states.map(({ state, defaultRisk }) => [state, overrides[checkId]?.[state] ?? defaultRisk]),
      ),
    ]),
  );
}

export interface LevelChange {
  checkId: string;
  state: string;
  from: RiskLevel;
  to: RiskLevel;
}

/** The (check, state) pairs whose level differs between two policies' overrides, catalog order. */
export function levelChanges(from: RiskOverrides, to: RiskOverrides): LevelChange[] {
  const changes: LevelChange[] = [];
  for (const { checkId, states } of CHECK_ROWS) {
    for (const { state, defaultRisk } of states) {
      const before = from[checkId]?.[state] ?? defaultRisk;
      const after = to[checkId]?.[state] ?? defaultRisk;
      if (before !== after) changes.push({ checkId, state, from: before, to: after });
    }
  }
  return changes;
}

/** A stable key of a set of overrides, to tell whether a preview still matches the draft. */
export const overridesKey = (overrides: RiskOverrides): string => JSON.stringify(levelChanges({}, overrides));
