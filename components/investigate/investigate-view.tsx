'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { ConsoleApiError } from '@/components/data/console-fetch';
import { IdentityGraph } from '@/components/graph/identity-graph';
import { BAND_LABEL, formatRisk } from '@/components/results/risk-style';
import { VerifyResults } from '@/components/results/verify-results';
import { SignalsPanel } from '@/components/signals/signals-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { riskBand } from '@/lib/engine/risk';
import { exampleApplicant } from './example-applicant';
import { investigateResolver } from './form-resolver';
import { emptyForm, type InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { InvestigateForm } from './investigate-form';
import { loadValidation } from './load-validation';
import { type BuiltRequest, buildRequest, type Operation, type RequestBody } from './request-body';
import { RequestPreview } from './request-preview';
import { type ResultTab, ResultTabs } from './result-tabs';
import { issuesToFormErrors, serverIssues } from './schema-issues';
import { postVerify } from './verify-call';
import { VerifyError } from './verify-error';

/** Scrolls the results into view when their top is off screen, without moving focus. */
function reveal(element: HTMLElement | null) {
  if (!element) return;
  const top = element.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 120)
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** The Investigate page: the applicant form, the live request, and Verify and Signals results. */
export function InvestigateView({ initialSessionId = '' }: { initialSessionId?: string }) {
  // Which schema the resolver applies: Signals only while Run Signals validates.
  const operation = useRef<Operation>('verify');
  const resolver = useMemo(() => investigateResolver(() => operation.current), []);
  const form = useForm<InvestigateFormValues>({
    resolver,
    defaultValues: { ...emptyForm(), sessionId: initialSessionId },
    mode: 'onTouched',
  });
  const [ssnVisible, setSsnVisible] = useState(false);
  const [previewOperation, setPreviewOperation] = useState<Operation>('verify');
  const [tab, setTab] = useState<ResultTab>('verify');
  const [signalsRequest, setSignalsRequest] = useState<RequestBody | null>(null);
  const [lastSessionId, setLastSessionId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const results = useRef<HTMLElement>(null);

  const verify = useMutation({
    mutationFn: (request: BuiltRequest) => postVerify(request.body),
    onSuccess: ({ status, result }) => {
      setLastSessionId(result.sessionId);
      const band = BAND_LABEL[riskBand(result.risk)].toLowerCase();
      setAnnouncement(
        `Verify finished: risk ${formatRisk(result.risk)}, ${band}. ${status === 200 ? 'Joined the session' : 'New session'}.`,
      );
      reveal(results.current);
    },
    onError: (error, request) => {
      setAnnouncement('Verify failed.');
      if (!(error instanceof ConsoleApiError)) return;
      if (error.code === 'UNKNOWN_SESSION')
        form.setError('sessionId', { type: 'server', message: error.message });
      // The API's field errors, under the inputs they are about (as the schema's own are).
      const fieldErrors = issuesToFormErrors(serverIssues(error.errors), request.rows);
      for (const [path, issue] of Object.entries(fieldErrors)) {
        // Paths come from the form's own field map ("emails.2.value", "emails.root", "root").
        form.setError(path as FieldPath<InvestigateFormValues>, { type: 'server', message: issue.message });
      }
    },
  });

  const runVerify = useCallback(() => {
    if (verify.isPending) return;
    operation.current = 'verify';
    void form.handleSubmit((values) => {
      setTab('verify');
      verify.mutate(buildRequest(values, 'verify'));
    })();
  }, [form, verify]);

  const runSignals = useCallback(() => {
    operation.current = 'signals';
    void form
      .handleSubmit((values) => {
        setSignalsRequest(buildRequest(values, 'signals').body);
        setTab('signals');
        setAnnouncement('Signals requested.');
        reveal(results.current);
      })()
      .finally(() => {
        operation.current = 'verify';
      });
  }, [form]);

  // Ctrl+Enter (Cmd+Enter) runs Verify from anywhere on the page.
  const shortcut = useRef(runVerify);
  shortcut.current = runVerify;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.repeat) return;
      event.preventDefault();
      shortcut.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A later link to this page with another ?session= (same route, no remount) joins that one instead.
  const linkedSession = useRef(initialSessionId);
  useEffect(() => {
    if (linkedSession.current === initialSessionId) return;
    linkedSession.current = initialSessionId;
    if (initialSessionId !== '') form.setValue('sessionId', initialSessionId, { shouldDirty: true });
  }, [form, initialSessionId]);

  // "At least one identifier" concerns the whole form: it goes as soon as anything changes.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (form.formState.errors.root) form.clearErrors('root');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Fetch the schema while the analyst reads the form, so the first message is instant.
  useEffect(() => {
    void loadValidation().catch(() => undefined);
  }, []);

  const verifyPanel = verify.isPending ? (
    <div className={styles.loading}>
      <Skeleton lines={2} label="Running Verify" />
      <Skeleton lines={6} label="Loading checks" />
    </div>
  ) : verify.isError ? (
    <VerifyError
      error={verify.error}
      onRetry={() => {
        if (verify.variables) verify.mutate(verify.variables);
      }}
    />
  ) : verify.data ? (
    <VerifyResults key={verify.submittedAt} result={verify.data.result} status={verify.data.status} />
  ) : (
    <EmptyState title="No Verify result yet">
      Fill in what you know (or use Fill example), then Run Verify or press Ctrl+Enter.
    </EmptyState>
  );

  const signalsPanel =
    signalsRequest === null ? (
      <EmptyState title="No Signals yet">
        Choose a pattern window and Run Signals to see what the identity graph holds about these identifiers.
      </EmptyState>
    ) : (
      <SignalsPanel request={signalsRequest} />
    );

  const verifyBadge = verify.isPending
    ? 'running…'
    : verify.data
      ? `${formatRisk(verify.data.result.risk)} ${BAND_LABEL[riskBand(verify.data.result.risk)].toLowerCase()}`
      : verify.isError
        ? 'failed'
        : undefined;

  return (
    <FormProvider {...form}>
      <div className={styles.layout}>
        <InvestigateForm
          onVerify={runVerify}
          onSignals={runSignals}
          verifying={verify.isPending}
          lastSessionId={lastSessionId}
          ssnVisible={ssnVisible}
          onToggleSsn={() => setSsnVisible((value) => !value)}
          onFillExample={() => {
            form.reset(exampleApplicant(), { keepDefaultValues: true });
            setAnnouncement('Filled in an example applicant from the demo data.');
          }}
          onClear={() => {
            form.reset(emptyForm());
            setAnnouncement('Form cleared.');
          }}
        />
        <RequestPreview
          operation={previewOperation}
          onOperationChange={setPreviewOperation}
          ssnVisible={ssnVisible}
        />
      </div>
      <section className={`card ${styles.results}`} aria-labelledby="results-heading" ref={results}>
        <h2 id="results-heading">Results</h2>
        <ResultTabs
          selected={tab}
          onSelect={setTab}
          badges={{ verify: verifyBadge }}
          panels={{ verify: verifyPanel, signals: signalsPanel }}
        />
      </section>
      {verify.data ? (
        <IdentityGraph key={verify.submittedAt} sessionId={verify.data.result.sessionId} />
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </FormProvider>
  );
}
