'use client';

import Link from 'next/link';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCallout } from '@/components/ui/error-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiKeyField } from './api-key-field';
import { curlCommand } from './curl';
import { CurlView } from './curl-view';
import { useOpenApiDocument, useOrigin } from './openapi-query';
import { type ExplorerOperation, explorerOperations } from './operations';
import { ResponseView } from './response-view';
import { type ExplorerResult, jsonProblem, sendRequest } from './send-request';
import { useApiKey } from './use-api-key';

const DEFAULT_OPERATION = 'verify';

function initialBody(operation: ExplorerOperation | undefined): string {
  if (!operation?.hasBody) return '';
  return operation.examples[0]?.body ?? '{}';
}

/** The `{name}` parameters of a path, in order. */
const pathParameters = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].flatMap((m) => (m[1] ? [m[1]] : []));

/** The path with each parameter filled in (left as `{name}` while empty). */
const fillPath = (path: string, values: Record<string, string>): string =>
  path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? encodeURIComponent(value) : whole;
  });

/** Operations grouped by tag, in document order. */
function byTag(operations: readonly ExplorerOperation[]): [string, ExplorerOperation[]][] {
  const groups = new Map<string, ExplorerOperation[]>();
  for (const operation of operations)
    groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups];
}

export function ExplorerPanel() {
  const document = useOpenApiDocument();
  const operations = useMemo(() => explorerOperations(document.data), [document.data]);

  if (document.isPending) return <Skeleton lines={6} label="Loading the API description" />;
  if (document.isError) {
    return (
      <ErrorCallout
        title="The API description could not be loaded"
        action={
          <Button size="sm" onClick={() => document.refetch()}>
            Try again
          </Button>
        }
      >
        {document.error.message} The explorer builds its list of operations from it.
      </ErrorCallout>
    );
  }
  if (operations.length === 0) {
    return <EmptyState title="No operations">The API description lists no operation to try.</EmptyState>;
  }
  return <Explorer operations={operations} />;
}

function Explorer({ operations }: { operations: ExplorerOperation[] }) {
  const [operationId, setOperationId] = useState(
    () => operations.find((operation) => operation.id === DEFAULT_OPERATION)?.id ?? operations[0]?.id ?? '',
  );
  const operation = operations.find((candidate) => candidate.id === operationId) ?? operations[0];
  const [exampleName, setExampleName] = useState(operation?.examples[0]?.name ?? '');
  const [body, setBody] = useState(() => initialBody(operation));
  const { apiKey, setApiKey, remember, setRemember } = useApiKey();
  const [includeKey, setIncludeKey] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ result: ExplorerResult; request: string } | null>(null);
  const [bodyTouched, setBodyTouched] = useState(false);
  const [pathValues, setPathValues] = useState<Record<string, string>>({});
  const responseHeading = useRef<HTMLHeadingElement>(null);
  const bodyField = useRef<HTMLTextAreaElement>(null);
  const origin = useOrigin();

  // A new answer takes the focus, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (sent) responseHeading.current?.focus();
  }, [sent]);

  if (!operation) return null;
  const needsKey = operation.scope !== null;
  const problem = operation.hasBody ? jsonProblem(body) : null;
  const showProblem = problem !== null && bodyTouched;
  const path = fillPath(operation.path, pathValues);
  const command = curlCommand({
    method: operation.method,
    url: `${origin}${path}`,
    needsKey,
    apiKey,
    includeKey,
    body: operation.hasBody ? body.trim() : null,
  });

  function chooseOperation(id: string) {
    const next = operations.find((candidate) => candidate.id === id);
    setOperationId(id);
    setExampleName(next?.examples[0]?.name ?? '');
    setBody(initialBody(next));
    setBodyTouched(false);
  }

  function chooseExample(name: string) {
    setExampleName(name);
    const example = operation?.examples.find((candidate) => candidate.name === name);
    if (example) setBody(example.body);
    setBodyTouched(false);
  }

  async function send() {
    if (!operation || pending) return;
    if (problem !== null) {
      setBodyTouched(true);
      bodyField.current?.focus();
      return;
    }
    setPending(true);
    const result = await sendRequest({
      method: operation.method,
      path,
      apiKey: needsKey ? apiKey : '',
      body: operation.hasBody ? body : null,
      baseUrl: origin,
    });
    setPending(false);
    setSent({ result, request: `${operation.method} ${path}` });
  }

  // On the form: Ctrl/Cmd+Enter sends from any field, the key and the path included.
  function onFormKey(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  function format() {
    try {
      setBody(JSON.stringify(JSON.parse(body), null, 2));
    } catch {
      setBodyTouched(true);
    }
  }

  return (
    <div className="explorer-grid">
      <div className="explorer-column">
        <section className="card" aria-labelledby="explorer-request-heading">
          <h2 id="explorer-request-heading">Request</h2>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
            onKeyDown={onFormKey}
            noValidate
          >
            <div className="field">
              <label htmlFor="explorer-operation">Operation</label>
              <select
                id="explorer-operation"
                className="select"
                value={operation.id}
                onChange={(event) => chooseOperation(event.target.value)}
              >
                {byTag(operations).map(([tag, group]) => (
                  <optgroup key={tag} label={tag}>
                    {group.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.method} {candidate.path}: {candidate.summary}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <span className="field-hint">
                {needsKey ? `Needs a key with scope ${operation.scope}.` : 'Needs no key.'}{' '}
                <Link href={`/reference#tag/${operation.tag.toLowerCase()}`}>
                  Read about it in the API reference
                </Link>
                .
              </span>
            </div>
            {needsKey ? (
              <ApiKeyField
                apiKey={apiKey}
                onApiKey={setApiKey}
                remember={remember}
                onRemember={setRemember}
                needed={needsKey}
              />
            ) : null}
            {pathParameters(operation.path).map((name) => (
              <div className="field" key={name}>
                <label htmlFor={`explorer-path-${name}`}>{name}</label>
                <input
                  id={`explorer-path-${name}`}
                  className="input explorer-mono"
                  value={pathValues[name] ?? ''}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoCorrect="off"
                  onChange={(event) => setPathValues({ ...pathValues, [name]: event.target.value })}
                />
              </div>
            ))}
            {operation.hasBody ? (
              <>
                {operation.examples.length > 0 ? (
                  <div className="field">
                    <label htmlFor="explorer-example">Example</label>
                    <select
                      id="explorer-example"
                      className="select"
                      value={exampleName}
                      onChange={(event) => chooseExample(event.target.value)}
                    >
                      {operation.examples.map((example) => (
                        <option key={example.name} value={example.name}>
                          {example.summary}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <div className="field">
                  <label htmlFor="explorer-body">Body (JSON)</label>
                  <textarea
                    id="explorer-body"
                    ref={bodyField}
                    className="input explorer-body explorer-mono"
                    value={body}
                    rows={14}
                    spellCheck={false}
                    autoCapitalize="off"
                    autoCorrect="off"
                    aria-invalid={showProblem || undefined}
                    aria-describedby="explorer-body-hint explorer-body-error"
                    onChange={(event) => {
                      setBody(event.target.value);
                      setBodyTouched(true);
                    }}
                  />
                  <span className="field-hint" id="explorer-body-hint">
                    Ctrl+Enter (⌘+Enter) sends. The examples come from the API description.
                  </span>
                  <span
                    className="field-error"
                    id="explorer-body-error"
                    role={showProblem ? 'alert' : undefined}
                  >
                    {showProblem ? problem : ''}
                  </span>
                </div>
              </>
            ) : (
              <p className="muted">This operation takes no body.</p>
            )}
            <div className="inline">
              <Button type="submit" variant="primary" busy={pending}>
                Send request
              </Button>
              {operation.hasBody ? (
                <Button onClick={format} disabled={problem !== null}>
                  Format JSON
                </Button>
              ) : null}
            </div>
          </form>
        </section>
        <CurlView
          command={command}
          includeKey={includeKey}
          onIncludeKey={setIncludeKey}
          needsKey={needsKey}
        />
      </div>
      <section className="card explorer-response" aria-label="Response" aria-busy={pending || undefined}>
        {sent ? (
          <ResponseView result={sent.result} request={sent.request} headingRef={responseHeading} />
        ) : (
          <EmptyState title="No request sent yet">
            Choose an operation, paste a key and send: the status, headers and body appear here.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
