// The curl command equivalent to an explorer request, safe to paste into a POSIX shell.

/** Single-quoted for sh: nothing inside is expanded; a ' is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export const KEY_PLACEHOLDER = '$VERITY_API_KEY';

interface CurlInput {
  method: string;
  url: string;
  /** Whether the operation takes a key (else no Authorization header). */
  needsKey: boolean;
  apiKey: string;
  /** Put the key itself in the command rather than the $VERITY_API_KEY placeholder. */
  includeKey: boolean;
  body: string | null;
}

export function curlCommand({ method, url, needsKey, apiKey, includeKey, body }: CurlInput): string {
  const lines = [`curl -i -X ${method} ${shellQuote(url)}`];
  if (needsKey) {
    // Double quotes so the shell expands the placeholder variable.
    lines.push(
      includeKey && apiKey !== ''
        ? `-H ${shellQuote(`Authorization: Bearer ${apiKey}`)}`
        : `-H "Authorization: Bearer ${KEY_PLACEHOLDER}"`,
    );
  }
  if (body !== null) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`--data-raw ${shellQuote(body)}`);
  }
  return lines.join(' \\\n  ');
}
