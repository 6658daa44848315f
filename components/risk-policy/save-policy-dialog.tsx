'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorCallout } from '@/components/ui/error-callout';
import type { LevelChange } from './policy-rows';

interface SavePolicyDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  error: Error | null;
  nextVersion: number;
  changes: LevelChange[];
  /** The previewed band moves, in words. */
  impact: string;
}

/** Saving changes how every new Verify of the workspace is scored: name what changes first. */
export function SavePolicyDialog({
  open,
  onClose,
  onConfirm,
  busy,
  error,
  nextVersion,
  changes,
  impact,
}: SavePolicyDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Save version ${nextVersion} of the risk policy?`}>
      <p>From the moment you confirm, every Verify of this workspace is scored with these levels:</p>
      <ul>
        {changes.map((c) => (
          <li key={`${c.checkId}.${c.state}`}>
            <code>
              {c.checkId} {c.state}
            </code>
            : {c.from} → {c.to}
          </li>
        ))}
      </ul>
      <p>
        {impact} Stored calls keep the version they were scored under; the change is recorded in the audit
        log.
      </p>
      {error ? <ErrorCallout title="The policy was not saved">{error.message}</ErrorCallout> : null}
      <div className="dialog-actions">
        {/* First, so it has the focus: a stray Enter cancels. */}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" busy={busy} onClick={onConfirm}>
          Save version {nextVersion}
        </Button>
      </div>
    </Dialog>
  );
}
