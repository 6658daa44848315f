import { CHECK_CATALOG, type CheckSpec, type StateSpec } from '@/lib/engine/checks/catalog';
import { CHECK_SOURCES } from '@/lib/engine/checks/sources';
import type { RiskLevel } from '@/lib/engine/types';

// The catalog typed for lookups by the strings a response carries.
const CATALOG: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;
const SOURCES: Readonly<Record<string, string>> = CHECK_SOURCES;

export interface CheckEvidence {
  /** The evidence rule of the state the check answered, or null for a state the catalog lacks. */
  meaning: string | null;
  /** The catalog's risk for that state; a check still waiting for its data source answers less. */
  defaultRisk: RiskLevel | null;
  source: string | null;
  /** Every state the check can answer, with its default risk and meaning. */
  states: { state: string; spec: StateSpec }[];
}

export function checkEvidence(id: string, state: string): CheckEvidence {
  const spec = CATALOG[id];
  const states = spec
    ? Object.entries(spec.states).map(([name, stateSpec]) => ({ state: name, spec: stateSpec }))
    : [];
  return {
    meaning: spec?.states[state]?.meaning ?? null,
    defaultRisk: spec?.states[state]?.risk ?? null,
    source: SOURCES[id] ?? null,
    states,
  };
}
