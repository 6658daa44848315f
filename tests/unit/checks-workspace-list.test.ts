// Issue 33, WORKSPACE_LIST: the workspace's own lists as a check. A block beats an allow; the
// evidence names every matched entry with its reason; lists not read answer UNKNOWN (no risk);
// the block weighs like a sanctions hit and the allow as trust (docs/checks.md states both).
import { describe, expect, it } from 'vitest';
import { runChecks } from '@/lib/engine/checks';
import { workspaceListCheck } from '@/lib/engine/checks/workspace-list';
import { scoreChecks } from '@/lib/engine/risk';
import type { WorkspaceListHit } from '@/lib/engine/types';
import { findCheck } from './support/find-check';
import { cleartextEmail, ctx, normalizedRequest } from './support/normalized-request';

const input = normalizedRequest({ emails: [cleartextEmail('ana@maildrop.cc')] });
const block: WorkspaceListHit = {
  entryId: 'wle_1',
  list: 'block',
  kind: 'email_domain',
  value: 'maildrop.cc',
  reason: 'abused last week',
};
const allow: WorkspaceListHit = {
  entryId: 'wle_2',
  list: 'allow',
  kind: 'email',
  value: 'ana@maildrop.cc',
  reason: 'VIP',
};

describe('WORKSPACE_LIST', () => {
  it('is BLOCKED when any value is on the block list, even if another is allowed, naming both', () => {
    const check = workspaceListCheck(input, { ...ctx, lists: [allow, block] });
    expect(check).toMatchObject({
      id: 'WORKSPACE_LIST',
      state: 'BLOCKED',
      risk: 'HIGH',
      checkPackage: 'Identity',
    });
    expect(check.description).toBe(
      'Block list: e-mail domain maildrop.cc (wle_1), "abused last week"; Allow list: e-mail ana@maildrop.cc (wle_2), "VIP".',
    );
  });

  it('is ALLOWED on an allow-list entry alone, NO_MATCH on none, UNKNOWN when the lists were not read', () => {
    expect(workspaceListCheck(input, { ...ctx, lists: [allow] })).toMatchObject({
      state: 'ALLOWED',
      risk: 'NONE',
    });
    expect(workspaceListCheck(input, { ...ctx, lists: [] })).toMatchObject({
      state: 'NO_MATCH',
      risk: 'NONE',
    });
    expect(workspaceListCheck(input, { ...ctx, lists: null })).toMatchObject({
      state: 'UNKNOWN',
      risk: 'NONE',
    });
    expect(workspaceListCheck(input, ctx)).toMatchObject({ state: 'UNKNOWN' });
  });

  it('moves the overall risk: a block into the high band, an allow below no match', () => {
    const risk = (lists: WorkspaceListHit[]) => scoreChecks(runChecks(input, { ...ctx, lists })).risk;
    const none = risk([]);
    expect(risk([block])).toBeGreaterThan(0.75);
    expect(risk([allow])).toBeLessThan(none);
    expect(findCheck(runChecks(input, { ...ctx, lists: [block] }), 'WORKSPACE_LIST').state).toBe('BLOCKED');
  });
});
