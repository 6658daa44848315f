'use client';

import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime, formatRelative } from '@/components/ui/dates';
import type { KeyStatus } from '@/lib/contract/console/keys';
import { EditKeyDialog } from './edit-key-dialog';
import { formatRate } from './format-rate';
import styles from './key-table.module.css';
import type { IssuedSecret, KeySummary } from './key-types';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { RotateKeyDialog } from './rotate-key-dialog';

const STATUS: Record<KeyStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expiring: { label: 'Expiring', tone: 'warning' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

type Pending = { kind: 'edit' | 'rotate' | 'revoke'; key: KeySummary } | null;

const count = (n: number) => n.toLocaleString('en');

/** The day, and the time too when it is within two days (a rotation's grace period). */
const formatExpiry = (iso: string) =>
  Math.abs(Date.parse(iso) - Date.now()) < 2 * 86_400_000 ? formatDateTime(iso) : formatDate(iso);

/** A rotated pair, linked both ways: what a key replaced, or what replaced it. */
function RotationLink({ keySummary, keys }: { keySummary: KeySummary; keys: KeySummary[] }) {
  const predecessor = keys.find((other) => other.rotatedToId === keySummary.id);
  const successor = keySummary.rotatedToId
    ? keys.find((other) => other.id === keySummary.rotatedToId)
    : undefined;
  if (!predecessor && !successor) return null;
  return (
    <div className="field-hint">
      {predecessor ? (
        <>
          replaces <code>{predecessor.start}…</code>
        </>
      ) : null}
      {predecessor && successor ? '; ' : null}
      {successor ? (
        <>
          replaced by <code>{successor.start}…</code>
        </>
      ) : null}
    </div>
  );
}

/** The workspace's keys with their state; live keys can be rotated or revoked. */
export function KeyTable({
  keys,
  onIssued,
}: {
  keys: KeySummary[];
  onIssued: (secret: IssuedSecret) => void;
}) {
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);

  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <caption className="visually-hidden">API keys of this workspace</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Status</th>
            <th scope="col">Expires</th>
            <th scope="col">Rate limit</th>
            <th scope="col">Last used</th>
            <th scope="col">
              Requests <span className="muted">24 h / 30 d</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const status = STATUS[key.status];
            const live = key.status === 'active' || key.status === 'expiring';
            const label = key.name ?? key.start;
            return (
              <tr key={key.id}>
                <td>
                  {key.name ?? <span className="muted">No label</span>}{' '}
                  <code className={styles.start} title={key.id}>
                    {key.start}…
                  </code>
                  <div className="field-hint">created {formatDate(key.createdAt)}</div>
                  <RotationLink keySummary={key} keys={keys} />
                </td>
                <td data-label="Scopes">
                  <span className="inline">
                    {key.scopes.map((scope) => (
                      <Badge key={scope}>{scope}</Badge>
                    ))}
                  </span>
                </td>
                <td data-label="Status">
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {key.rotatedToId && live ? <div className="field-hint">rotated</div> : null}
                </td>
                <td data-label="Expires">
                  {key.expiresAt ? (
                    <time dateTime={key.expiresAt} title={formatDateTime(key.expiresAt)}>
                      {formatExpiry(key.expiresAt)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td data-label="Rate limit">
                  {key.rateLimitPerSec === null ? (
                    <span className="muted">Workspace default</span>
                  ) : (
                    `${formatRate(key.rateLimitPerSec)}/s`
                  )}
                </td>
                <td data-label="Last used">
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt} title={formatDateTime(key.lastUsedAt)}>
                      {formatRelative(key.lastUsedAt)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td data-label="Requests">
                  <span className={styles.nowrap}>
                    {count(key.requests24h)} / {count(key.requests30d)}
                  </span>
                </td>
                <td>
                  {live ? (
                    <div className={`row-actions ${styles.actions}`}>
                      <Button
                        size="sm"
                        onClick={() => setPending({ kind: 'edit', key })}
                        aria-label={`Edit ${label}`}
                      >
                        Edit
                      </Button>
                      {!key.rotatedToId ? (
                        <Button
                          size="sm"
                          onClick={() => setPending({ kind: 'rotate', key })}
                          aria-label={`Rotate ${label}`}
                        >
                          Rotate
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        onClick={() => setPending({ kind: 'revoke', key })}
                        aria-label={`Revoke ${label}`}
                      >
                        Revoke
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pending?.kind === 'rotate' ? (
        <RotateKeyDialog keySummary={pending.key} open onClose={close} onIssued={onIssued} />
      ) : null}
      {pending?.kind === 'revoke' ? <RevokeKeyDialog keySummary={pending.key} open onClose={close} /> : null}
      {pending?.kind === 'edit' ? <EditKeyDialog keySummary={pending.key} open onClose={close} /> : null}
    </div>
  );
}
