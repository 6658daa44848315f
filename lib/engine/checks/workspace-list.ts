// WORKSPACE_LIST (Identity): whether a value of the request is on the workspace's own block or
// allow list. The services match the entries (lib/services/workspace-lists.ts); this decides the
// state and writes the evidence: every matched entry, blocks first.
import type { Check, CheckContext, NormalizedRequest, WorkspaceListHit } from '../types';
import { makeCheck } from './make-check';

const KIND_TEXT: Readonly<Record<string, string>> = {
  email: 'e-mail',
  email_domain: 'e-mail domain',
  phone: 'phone',
  ip: 'IP address',
  cidr: 'IP range',
  ssn: 'SSN',
  name: 'name',
};

const describe = (hit: WorkspaceListHit) =>
  `${hit.list === 'block' ? 'Block' : 'Allow'} list: ${KIND_TEXT[hit.kind] ?? hit.kind} ${hit.value} (${hit.entryId}), "${hit.reason}"`;

export function workspaceListCheck(_input: NormalizedRequest, ctx: CheckContext): Check {
  const hits = ctx.lists;
  if (hits === null || hits === undefined)
    return makeCheck('WORKSPACE_LIST', 'UNKNOWN', "The workspace's lists were not read for this call.");
  if (hits.length === 0)
    return makeCheck('WORKSPACE_LIST', 'NO_MATCH', "No value is on the workspace's lists.");
  const ordered = [...hits].sort((a, b) => (a.list === b.list ? 0 : a.list === 'block' ? -1 : 1));
  const state = ordered[0]?.list === 'block' ? 'BLOCKED' : 'ALLOWED';
  return makeCheck('WORKSPACE_LIST', state, `${ordered.map(describe).join('; ')}.`);
}
