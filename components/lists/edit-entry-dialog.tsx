'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import {
  KIND_LABEL,
  LIST_LABEL,
  type ListEntryBody,
  listEntryInputSchema,
  type UpdateListEntryBody,
} from '@/lib/contract/console/workspace-lists';
import { endOfDay, expiryDay, expiryDaySchema } from './expiry-day';
import { fieldRefusals, refusedFields } from './field-refusals';
import { ReasonExpiryFields } from './reason-expiry-fields';

export const ENTRIES_QUERY = ['workspace-list-entries'] as const;

const formSchema = z.object({ reason: listEntryInputSchema.shape.reason, expiresAt: expiryDaySchema });
type FormValues = z.input<typeof formSchema>;

interface EditEntryDialogProps {
  entry: ListEntryBody;
  onClose: () => void;
  onSaved: (entry: ListEntryBody) => void;
}

/** An entry's reason and expiry (its list, kind and value are what it is: another is another entry). */
export function EditEntryDialog({ entry, onClose, onSaved }: EditEntryDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: entry.reason, expiresAt: expiryDay(entry.expiresAt) },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body: UpdateListEntryBody = { reason: values.reason };
      // A day left as it was keeps the expiry to the second; a new day ends that day.
      if ((values.expiresAt ?? '') !== expiryDay(entry.expiresAt))
        body.expiresAt = endOfDay(values.expiresAt);
      return consoleFetch<ListEntryBody>(`/api/console/lists/entries/${entry.id}`, { method: 'PATCH', body });
    },
    onSuccess: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ENTRIES_QUERY });
    },
    onError: (error) => {
      for (const { field, message } of fieldRefusals(error, ['reason', 'expiresAt'] as const))
        form.setError(field, { message });
    },
  });
  const { errors } = form.formState;

  return (
    <Dialog open onClose={onClose} title={`Edit ${entry.value}`}>
      <p className="muted">
        {LIST_LABEL[entry.list]} list, {KIND_LABEL[entry.kind]}. To change the value, add it as a new entry
        and remove this one.
      </p>
      <form className="stack" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <ReasonExpiryFields
          id="edit-entry"
          reason={form.register('reason')}
          expiresAt={form.register('expiresAt')}
          errors={{ reason: errors.reason?.message, expiresAt: errors.expiresAt?.message }}
        />
        {save.error && !refusedFields(save.error) ? (
          <ProblemCallout error={save.error} title="The entry was not saved" />
        ) : null}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save entry
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
