'use client';

import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CreateWebhookEndpoint,
  type createWebhookEndpointSchema,
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENT_TYPES,
} from '@/lib/contract/console/webhooks';
import styles from './webhooks.module.css';

export type EndpointFormInput = z.input<typeof createWebhookEndpointSchema>;
export type EndpointForm = UseFormReturn<EndpointFormInput, unknown, CreateWebhookEndpoint>;

export const ENDPOINT_FIELDS = ['url', 'description', 'eventTypes'] as const;

/** URL, description and event checkboxes, shared by the add form and the edit dialog. */
export function EndpointFields({ form, idPrefix }: { form: EndpointForm; idPrefix: string }) {
  const { errors } = form.formState;
  const eventsError = errors.eventTypes?.message ?? errors.eventTypes?.root?.message;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-url`}>URL</label>
        <input
          id={`${idPrefix}-url`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/verity"
          autoComplete="off"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={`${idPrefix}-url-hint ${idPrefix}-url-error`}
          {...form.register('url')}
        />
        <span className="field-hint" id={`${idPrefix}-url-hint`}>
          Verity POSTs signed JSON here. Public addresses only, unless the operator allows a network.
        </span>
        <span className="field-error" id={`${idPrefix}-url-error`}>
          {errors.url?.message}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>Description (optional)</label>
        <input
          id={`${idPrefix}-description`}
          className="input"
          autoComplete="off"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${idPrefix}-description-error`}
          {...form.register('description')}
        />
        <span className="field-error" id={`${idPrefix}-description-error`}>
          {errors.description?.message}
        </span>
      </div>
      <fieldset className="field" aria-describedby={`${idPrefix}-events-error`}>
        <legend>Events</legend>
        <div className="stack">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="check">
              <input type="checkbox" value={type} {...form.register('eventTypes')} />
              <span>
                <code>{type}</code>{' '}
                <span className={`muted ${styles.eventHint}`}>{WEBHOOK_EVENT_LABEL[type]}</span>
              </span>
            </label>
          ))}
        </div>
        <span className="field-error" id={`${idPrefix}-events-error`}>
          {eventsError}
        </span>
      </fieldset>
    </>
  );
}
