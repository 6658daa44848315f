'use client';

import type { Ref } from 'react';
import { ScrollBox } from '@/components/batch/scroll-box';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorCallout } from '@/components/ui/error-callout';
import type { ExplorerResult } from './send-request';

/** Headers worth a look first: who to quote to support, and the rate limit. */
const NOTABLE = /^(x-request-id|ratelimit-|retry-after|www-authenticate|content-type|location|etag)/;

/**
 * Headers Next.js adds for its own router (`vary: rsc, next-router-state-tree, ...`, x-nextjs-*):
 * nothing an API client reads, so the explorer leaves them out rather than list them first.
 */
export function isFrameworkHeader([name, value]: readonly [string, string]): boolean {
  if (/^x-(nextjs|next|middleware)-/.test(name)) return true;
  return name === 'vary' && /\b(rsc|next-router-[\w-]+|next-url)\b/i.test(value);
}

function statusTone(status: number): BadgeTone {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  return 'success';
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A problem+json body, read for people: title, detail, code and each field error. */
function Problem({ body }: { body: JsonRecord }) {
  const errors = Array.isArray(body.errors) ? body.errors.filter(isRecord) : [];
  return (
    <div className="callout callout-error explorer-problem">
      <p className="callout-title">
        {typeof body.title === 'string' ? body.title : 'Problem'}
        {typeof body.code === 'string' ? <code className="explorer-code">{body.code}</code> : null}
      </p>
      {typeof body.detail === 'string' ? <p>{body.detail}</p> : null}
      {errors.length > 0 ? (
        <ul>
          {errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list has no ids and never reorders
            <li key={index}>
              {typeof error.path === 'string' && error.path !== '' ? <code>{error.path}</code> : null}{' '}
              {String(error.message ?? '')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Body({ result }: { result: Extract<ExplorerResult, { kind: 'response' }> }) {
  if (result.text === '') {
    return <p className="muted">No body{result.status === 204 ? ' (204 No Content).' : '.'}</p>;
  }
  const isJson = result.json !== undefined;
  const shown = isJson ? JSON.stringify(result.json, null, 2) : result.text;
  return (
    <>
      {!isJson ? (
        <p className="field-hint">
          The body is not JSON (Content-Type: {result.contentType ?? 'none'}); shown as text.
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <pre className="explorer-pre" tabIndex={0}>
        <code>{shown}</code>
      </pre>
      <CopyButton text={shown} label="Copy body" />
    </>
  );
}

interface ResponseViewProps {
  result: ExplorerResult;
  /** "POST /api/verify": what this answered, in case the form changed since. */
  request: string;
  /** The heading, focused when a new answer arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function ResponseView({ result, request, headingRef }: ResponseViewProps) {
  if (result.kind === 'network-error') {
    return (
      <>
        <h2 ref={headingRef} tabIndex={-1} className="explorer-response-heading">
          Response to {request}
        </h2>
        <ErrorCallout title="No answer: the request did not reach the server">
          <p>
            {result.message} (after {Math.round(result.durationMs)} ms). Check that the server is running and
            this page can reach it, then send again.
          </p>
        </ErrorCallout>
      </>
    );
  }
  const requestId = result.headers.find(([name]) => name === 'x-request-id')?.[1];
  const problem = result.contentType?.includes('problem+json') && isRecord(result.json) ? result.json : null;
  const shown = result.headers
    .filter((header) => !isFrameworkHeader(header))
    .sort(([a], [b]) => Number(NOTABLE.test(b)) - Number(NOTABLE.test(a)) || a.localeCompare(b));
  const hidden = result.headers.length - shown.length;
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="explorer-response-heading">
        Response to {request}
      </h2>
      <div className="inline explorer-status">
        <Badge tone={statusTone(result.status)}>
          <span data-testid="explorer-status">
            {result.status} {result.statusText}
          </span>
        </Badge>
        <span className="muted">{Math.round(result.durationMs)} ms</span>
        <span className="muted">{formatBytes(new TextEncoder().encode(result.text).length)}</span>
        {requestId ? (
          <span className="inline">
            <span className="muted">Request id</span> <code>{requestId}</code>
            <CopyButton text={requestId} label="Copy request id" />
          </span>
        ) : null}
      </div>
      {problem ? <Problem body={problem} /> : null}
      <h3>Body</h3>
      <Body result={result} />
      <details className="explorer-headers-details">
        <summary>
          Headers ({shown.length}
          {hidden > 0 ? `, ${hidden} of the framework's not shown` : ''})
        </summary>
        <ScrollBox>
          <table className="table explorer-headers">
            <caption className="visually-hidden">Response headers</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(([name, value]) => (
                <tr key={name} data-notable={NOTABLE.test(name) || undefined}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <code>{value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </>
  );
}
