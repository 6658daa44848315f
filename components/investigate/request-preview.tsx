'use client';

import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CopyButton } from '@/components/ui/copy-button';
import { Segmented } from '@/components/ui/segmented';
import type { InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { buildRequest, maskSsn, type Operation } from './request-body';

const ENDPOINT: Record<Operation, string> = { verify: 'POST /api/verify', signals: 'POST /api/signals' };
const OPERATIONS: readonly Operation[] = ['verify', 'signals'];

interface RequestPreviewProps {
  operation: Operation;
  onOperationChange: (operation: Operation) => void;
  ssnVisible: boolean;
}

/** The exact JSON body the form sends, updated as the analyst types, with a copy button. */
export function RequestPreview({ operation, onOperationChange, ssnVisible }: RequestPreviewProps) {
  const headingId = useId();
  const { control } = useFormContext<InvestigateFormValues>();
  const values = useWatch({ control });
  const { body } = buildRequest(values, operation);
  const exact = JSON.stringify(body, null, 2);
  const masked = !ssnVisible && Array.isArray(body.ssns);
  const shown = masked ? JSON.stringify(maskSsn(body), null, 2) : exact;

  return (
    <section className={`card ${styles.preview}`} aria-labelledby={headingId}>
      <div className="card-header">
        <div>
          <h2 id={headingId}>Request</h2>
          <p className="muted">
            <code>{ENDPOINT[operation]}</code> with an API key sends the same body.
          </p>
        </div>
        <CopyButton text={exact} label="Copy JSON" />
      </div>
      <Segmented
        name="preview-operation"
        label="Body of"
        options={OPERATIONS}
        value={operation}
        onChange={onOperationChange}
        labelOf={(option) => (option === 'verify' ? 'Verify' : 'Signals')}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={styles.json} tabIndex={0} aria-label={`Request body for ${ENDPOINT[operation]}`}>
        <pre>
          <code>{shown}</code>
        </pre>
      </section>
      {Object.keys(body).length === 0 ? (
        <p className="field-hint">Empty so far: fill a field and it appears here.</p>
      ) : null}
      {masked ? (
        <p className="field-hint">
          The SSN is masked here while it is hidden in the form; Copy JSON copies it in full.
        </p>
      ) : null}
    </section>
  );
}
