'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { type UpdatedKey, type UpdateKeyRequest, updateKeyRequestSchema } from '@/lib/contract/console/keys';
import { isScope } from '@/lib/contract/scopes';
import { KEYS_QUERY, type KeySummary } from './key-types';
import { RateField, rateValue } from './rate-field';
import { ScopesField } from './scopes-field';

interface EditKeyDialogProps {
  keySummary: KeySummary;
  open: boolean;
  onClose: () => void;
}

/** Label, scopes and rate of a live key; scope and rate changes apply to its next request. */
export function EditKeyDialog({ keySummary, open, onClose }: EditKeyDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateKeyRequest>({
    resolver: zodResolver(updateKeyRequestSchema),
    defaultValues: {
      name: keySummary.name ?? '',
      scopes: keySummary.scopes.filter(isScope),
      rateLimitPerSec: keySummary.rateLimitPerSec,
    },
  });
  const save = useMutation({
    mutationFn: (body: UpdateKeyRequest) =>
      consoleFetch<UpdatedKey>(`/api/console/keys/${encodeURIComponent(keySummary.id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const { errors } = form.formState;
  const id = (field: string) => `edit-${keySummary.id}-${field}`;

  return (
    <Dialog open={open} onClose={onClose} title={`Edit ${keySummary.name ?? keySummary.start}`}>
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <div className="field">
          <label htmlFor={id('name')}>Label</label>
          <input
            id={id('name')}
            className="input"
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={id('name-error')}
            {...form.register('name')}
          />
          <span className="field-error" id={id('name-error')}>
            {errors.name?.message}
          </span>
        </div>
        <ScopesField
          id={id('scopes')}
          registration={form.register('scopes')}
          error={errors.scopes?.message ?? errors.scopes?.root?.message}
        />
        <RateField
          id={id('rate')}
          registration={form.register('rateLimitPerSec', { setValueAs: rateValue })}
          error={errors.rateLimitPerSec?.message}
        />
        {errors.root?.message ? <p className="field-error">{errors.root.message}</p> : null}
        {save.error ? <ProblemCallout error={save.error} title="The key was not saved" /> : null}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
