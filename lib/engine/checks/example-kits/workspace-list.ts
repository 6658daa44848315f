// WORKSPACE_LIST's example contexts (defs/workspace-list.ts): an entry the request matches, or
// lists that were not read.
import type { ListKind, ListName } from '../../lists/workspace-entry';
import type { CheckContext } from '../../types';
import type { ExampleExtras } from '../check-def';

/** The workspace's list holds this entry, which a value of the request matches. */
export function listed(list: ListName, kind: ListKind, value: string, reason: string): ExampleExtras {
  return {
    note: `The workspace's ${list} list holds the ${kind.replace('_', ' ')} ${value}, "${reason}".`,
    context: (base: CheckContext): CheckContext => ({
      ...base,
      lists: [{ entryId: 'wle_7Ycq2XfT9hWbLk3mPzR4sD', list, kind, value, reason }],
    }),
  };
}

export const NOT_READ = {
  note: "The workspace's lists are not read (a context without them).",
  context: (base: CheckContext): CheckContext => ({ ...base, lists: null }),
} as const satisfies ExampleExtras;
