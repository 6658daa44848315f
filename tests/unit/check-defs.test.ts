// The check definitions (lib/engine/checks/defs) are the catalog's source: each check once, its
// row, source and examples exactly as defined, and every state shown by an example or said unreachable.
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOG, CHECK_IDS } from '@/lib/engine/checks/catalog';
import type { AnyCheckDef } from '@/lib/engine/checks/check-def';
import { CHECK_DEFS } from '@/lib/engine/checks/check-defs';
import { EXAMPLE_LINK_LIMIT } from '@/lib/engine/checks/example-kits/digital';
import { CHECK_SOURCES } from '@/lib/engine/checks/sources';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';

const defs: readonly AnyCheckDef[] = CHECK_DEFS;

describe('check definitions', () => {
  it('define each check once, in catalog order', () => {
    const ids = defs.map((def) => def.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CHECK_IDS.filter((id) => ids.includes(id))).toEqual(ids);
  });

  it.each(defs.map((def): [string, AnyCheckDef] => [def.id, def]))('%s is the catalog row', (id, def) => {
    expect(CHECK_CATALOG).toHaveProperty(id);
    expect(CHECK_CATALOG[def.id as keyof typeof CHECK_CATALOG]).toEqual({
      checkPackage: def.checkPackage,
      name: def.name,
      states: def.states,
    });
    expect((CHECK_SOURCES as Readonly<Record<string, string>>)[id]).toBe(def.source);
  });

  it.each(defs.map((def): [string, AnyCheckDef] => [def.id, def]))(
    '%s shows every state by an example, or says why no request reaches it',
    (_id, def) => {
      const unreachable = def.unreachable ?? {};
      for (const state of Object.keys(def.states)) {
        const shown = def.examples.some((e) => e.state === state);
        expect(shown !== (unreachable[state] !== undefined), state).toBe(true);
      }
      for (const state of Object.keys(unreachable)) expect(def.states).toHaveProperty(state);
    },
  );

  it("state the graph's hub limit in the examples as the services layer applies it", () => {
    expect(EXAMPLE_LINK_LIMIT).toBe(HUB_LINK_LIMIT);
  });
});
