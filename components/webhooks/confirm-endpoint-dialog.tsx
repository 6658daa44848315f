'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';

interface ConfirmEndpointDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  variant: 'primary' | 'danger';
  busy: boolean;
  error: Error | null;
  errorTitle: string;
  onConfirm: () => void;
  children: ReactNode;
}

/** A question before a change that cannot be undone (rotate, delete), with its failure inline. */
export function ConfirmEndpointDialog(props: ConfirmEndpointDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      {props.children}
      {props.error ? <ProblemCallout error={props.error} title={props.errorTitle} /> : null}
      <div className="dialog-actions">
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant={props.variant} busy={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
