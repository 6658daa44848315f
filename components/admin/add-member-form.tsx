'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import {
  type AddedMember,
  type AddMemberRequest,
  addMemberRequestSchema,
} from '@/lib/contract/console/members';
import { ROLES } from '@/lib/contract/roles';
import { MEMBERS_QUERY, ROLE_HELP } from './member-types';

/** Adds a member by e-mail with a role; the result (and a new account's password) goes to onAdded. */
export function AddMemberForm({ onAdded }: { onAdded: (member: AddedMember) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<AddMemberRequest>({
    resolver: zodResolver(addMemberRequestSchema),
    defaultValues: { email: '', role: 'analyst' },
  });
  const add = useMutation({
    mutationFn: (body: AddMemberRequest) => consoleFetch<AddedMember>('/api/console/members', { body }),
    onSuccess: async (added) => {
      onAdded(added);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY });
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => add.mutate(values))} noValidate>
      <div className="field">
        <label htmlFor="member-email">E-mail</label>
        <input
          id="member-email"
          className="input"
          type="email"
          autoComplete="off"
          placeholder="e.g. ana@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby="member-email-error"
          {...form.register('email')}
        />
        <span className="field-error" id="member-email-error">
          {errors.email?.message}
        </span>
      </div>
      <div className="field">
        <label htmlFor="member-role">Role</label>
        <select
          id="member-role"
          className="select"
          aria-describedby="member-role-hint"
          {...form.register('role')}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <span className="field-hint" id="member-role-hint">
          An analyst {ROLE_HELP.analyst}; an admin {ROLE_HELP.admin}.
        </span>
      </div>
      {add.error ? <ProblemCallout error={add.error} title="The member was not added" /> : null}
      <Button type="submit" variant="primary" busy={add.isPending}>
        Add member
      </Button>
    </form>
  );
}
