'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ErrorCallout } from '@/components/ui/error-callout';
import { type CreateKeyRequest, createKeyRequestSchema } from '@/lib/contract/console/keys';
import { type IssuedSecret, KEYS_QUERY } from './key-types';
import { RateField, rateValue } from './rate-field';
import { ScopesField } from './scopes-field';

/** A date field's YYYY-MM-DD as the end of that day, UTC; empty: no expiry. */
const expiryValue = (value: unknown) =>
  typeof value === 'string' && value !== '' ? `${value}T23:59:59Z` : null;

/** Issues a key with a label, scopes, an optional expiry and rate; the secret goes to onIssued, shown once. */
export function CreateKeyForm({ onIssued }: { onIssued: (secret: IssuedSecret) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateKeyRequest>({
    resolver: zodResolver(createKeyRequestSchema),
    defaultValues: { name: '', scopes: ['verify', 'signals'], expiresAt: null, rateLimitPerSec: null },
  });
  const create = useMutation({
    mutationFn: (body: CreateKeyRequest) => consoleFetch<IssuedSecret>('/api/console/keys', { body }),
    onSuccess: async (issued) => {
      onIssued(issued);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
      <div className="field">
        <label htmlFor="key-name">Label</label>
        <input
          id="key-name"
          className="input"
          placeholder="e.g. production backend"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby="key-name-error"
          {...form.register('name')}
        />
        <span className="field-error" id="key-name-error">
          {errors.name?.message}
        </span>
      </div>
      <ScopesField
        id="key-scopes"
        registration={form.register('scopes')}
        error={errors.scopes?.message ?? errors.scopes?.root?.message}
      />
      <div className="field">
        <label htmlFor="key-expires">Expires</label>
        <input
          id="key-expires"
          className="input"
          type="date"
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby="key-expires-hint key-expires-error"
          {...form.register('expiresAt', { setValueAs: expiryValue })}
        />
        <span className="field-hint" id="key-expires-hint">
          At the end of that day (UTC). Leave empty for a key that does not expire.
        </span>
        <span className="field-error" id="key-expires-error">
          {errors.expiresAt?.message}
        </span>
      </div>
      <RateField
        id="key-rate"
        registration={form.register('rateLimitPerSec', { setValueAs: rateValue })}
        error={errors.rateLimitPerSec?.message}
      />
      {create.error ? (
        <ErrorCallout title="The key was not created">
          {create.error.message}
          {create.error instanceof ConsoleApiError && create.error.requestId ? (
            <span className="muted"> (request {create.error.requestId})</span>
          ) : null}
        </ErrorCallout>
      ) : null}
      <Button type="submit" variant="primary" busy={create.isPending}>
        Create key
      </Button>
    </form>
  );
}
