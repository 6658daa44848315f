// The check picker's options: the catalog's checks grouped by package, in catalog order, each with
// the states it may answer and what they mean (the same table docs/checks.md is built from).
import { CHECK_CATALOG, type CheckSpec } from '@/lib/engine/checks/catalog';

export interface CheckOption {
  checkId: string;
  name: string;
  states: { state: string; meaning: string }[];
}

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

export const CHECK_OPTIONS: ReadonlyMap<string, CheckOption> = new Map(
  Object.entries(catalog).map(([checkId, spec]) => [
    checkId,
    {
      checkId,
      name: spec.name,
      states: Object.entries(spec.states).map(([state, s]) => ({ state, meaning: s.meaning })),
    },
  ]),
);

export const CHECK_GROUPS: readonly { checkPackage: string; checks: CheckOption[] }[] = (() => {
  const groups = new Map<string, CheckOption[]>();
  for (const [checkId, spec] of Object.entries(catalog)) {
    const option = CHECK_OPTIONS.get(checkId);
    if (!option) continue;
    groups.set(spec.checkPackage, [...(groups.get(spec.checkPackage) ?? []), option]);
  }
  return [...groups].map(([checkPackage, checks]) => ({ checkPackage, checks }));
})();
