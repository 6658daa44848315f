'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

interface WorkspaceOption {
  id: string;
  name: string;
}

interface WorkspaceSwitcherProps {
  current: WorkspaceOption;
  options: WorkspaceOption[];
  /** A server action that makes the workspace active in the session (membership checked). */
  switchAction: (workspaceId: string) => Promise<void>;
}

/** The active workspace; a picker when the user belongs to more than one. */
export function WorkspaceSwitcher({ current, options, switchAction }: WorkspaceSwitcherProps) {
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  if (options.length < 2) {
    return (
      <span className="header-workspace">
        <span className="label">Workspace</span>
        <strong>{current.name}</strong>
      </span>
    );
  }
  return (
    <span className="header-workspace">
      <label className="label" htmlFor="workspace-switcher">
        Workspace
      </label>
      <select
        id="workspace-switcher"
        className="select"
        value={current.id}
        disabled={pending}
        aria-busy={pending || undefined}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await switchAction(next);
            // The action's own re-render still sees the old cookie; fetch the page again with the new one.
            router.refresh();
          });
        }}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </span>
  );
}
