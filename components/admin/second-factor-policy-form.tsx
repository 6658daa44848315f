'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type {
  SecondFactorPolicyRequest,
  SecondFactorPolicyState,
} from '@/lib/contract/schemas/second-factor-policy';

const POLICY_QUERY = ['console', 'second-factor-policy'] as const;

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/**
 * Whether every member must use two-step sign-in (issue 32). Turning it on says who it holds
 * (the members without a second factor, sent to set one up on their next page) and asks to
 * confirm; the server refuses it to an admin who has none, so nobody locks themselves out.
 */
export function SecondFactorPolicyForm() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const current = useQuery({
    queryKey: POLICY_QUERY,
    queryFn: () => consoleFetch<SecondFactorPolicyState>('/api/console/second-factor-policy'),
  });
  const save = useMutation({
    mutationFn: (body: SecondFactorPolicyRequest) =>
      consoleFetch<SecondFactorPolicyRequest & { changed: boolean }>('/api/console/second-factor-policy', {
        method: 'PUT',
        body,
      }),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: POLICY_QUERY });
    },
  });
  const required = save.isPending ? save.variables?.requireSecondFactor : current.data?.requireSecondFactor;

  return (
    <Card
      title="Two-step sign-in"
      labelledBy="second-factor-policy-heading"
      description="Require every member to confirm each sign-in with a second factor after the password: a code from an authenticator app, a passkey, or a recovery code. Members who sign in through single sign-on follow the identity provider's rules instead."
    >
      {current.isPending ? (
        <Skeleton lines={2} label="Loading the two-step sign-in setting" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The two-step sign-in setting could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <>
          <p>
            <strong>
              {current.data.requireSecondFactor ? 'Required of every member.' : 'Not required.'}
            </strong>{' '}
            {current.data.withSecondFactor} of {members(current.data.members)} use it.
          </p>
          <div className="field">
            <label htmlFor="require-second-factor">
              <input
                id="require-second-factor"
                type="checkbox"
                role="switch"
                checked={required ?? false}
                aria-checked={required ?? false}
                disabled={save.isPending}
                aria-describedby="require-second-factor-hint"
                onChange={(event) => {
                  if (event.target.checked) setConfirming(true);
                  else save.mutate({ requireSecondFactor: false });
                }}
              />{' '}
              Require two-step sign-in of every member
            </label>
            <span className="field-hint" id="require-second-factor-hint">
              Set it up for yourself first, on{' '}
              <Link href="/account/password#two-step">your account page</Link>. Every change is recorded in
              the audit log.
            </span>
            {save.error && !confirming ? (
              <ProblemCallout error={save.error} title="The two-step sign-in setting was not saved" />
            ) : null}
            <p role="status" className="muted">
              {save.data && !save.isPending
                ? save.data.requireSecondFactor
                  ? 'Saved: every member needs two-step sign-in.'
                  : 'Saved: two-step sign-in is up to each member.'
                : null}
            </p>
          </div>
          <Dialog open={confirming} onClose={() => setConfirming(false)} title="Require two-step sign-in?">
            <p>
              {current.data.members - current.data.withSecondFactor === 0
                ? 'Every member already uses it: nobody is held.'
                : `${members(current.data.members - current.data.withSecondFactor)} without it will reach only their account page, on their next page or request, until they set it up.`}
            </p>
            {save.error ? (
              <ProblemCallout error={save.error} title="Two-step sign-in was not required" />
            ) : null}
            <div className="dialog-actions">
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button
                variant="primary"
                busy={save.isPending}
                onClick={() => save.mutate({ requireSecondFactor: true })}
              >
                Require it
              </Button>
            </div>
          </Dialog>
        </>
      )}
    </Card>
  );
}
