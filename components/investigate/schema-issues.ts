// Schema issues (paths in the API body) to form field errors (paths in the form), so each
// message of the request schema shows under the input it is about.

export interface BodyIssue {
  /** Path in the request body, e.g. ["emails", 1] or ["name", "given"]. */
  path: readonly PropertyKey[];
  message: string;
}

export interface FormIssue {
  type: string;
  message: string;
}

/** Where the form keeps the fields of the body that are not array items. */
const FIELDS: Readonly<Record<string, string>> = {
  emails: 'emails.root',
  phones: 'phones.root',
  profiles: 'profiles.root',
  ssns: 'ssn',
  'ssns.0': 'ssn',
  birthday: 'birthday',
  ipAddress: 'ipAddress',
  organization: 'organization',
  title: 'title',
  sessionId: 'sessionId',
  patternInterval: 'patternInterval',
  ...Object.fromEntries(['given', 'middle', 'family'].map((key) => [`name.${key}`, `name.${key}`])),
  ...Object.fromEntries(
    ['addressLine1', 'addressLine2', 'city', 'regionCode', 'postalCode', 'countryCode'].map((key) => [
      `location.${key}`,
      `location.${key}`,
    ]),
  ),
};

const PROFILE_FIELDS = new Set(['service', 'username', 'url', 'userid']);

/** The form field a body path belongs to, or null for the request as a whole. */
export function formPathOf(bodyPath: string, rows: Readonly<Record<string, string>>): string | null {
  const direct = FIELDS[bodyPath] ?? rows[bodyPath];
  if (direct !== undefined) {
    // A profile's own rule ("at least one of url, username or userid") sits under its username.
    return bodyPath.startsWith('profiles.') ? `${direct}.username` : direct;
  }
  const profile = /^(profiles\.\d+)\.(\w+)$/.exec(bodyPath);
  const row = profile?.[1] === undefined ? undefined : rows[profile[1]];
  if (row !== undefined && profile?.[2] !== undefined && PROFILE_FIELDS.has(profile[2])) {
    return `${row}.${profile[2]}`;
  }
  return null;
}

const sentence = (message: string): string => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * One message per form field (the first the schema gives, as the API lists them), keyed by the
 * form path; "root" holds what concerns the request as a whole (no identifier at all).
 */
export function issuesToFormErrors(
  issues: readonly BodyIssue[],
  rows: Readonly<Record<string, string>>,
): Record<string, FormIssue> {
  const errors: Record<string, FormIssue> = {};
  for (const issue of issues) {
    const bodyPath = issue.path.map(String).join('.');
    const field = formPathOf(bodyPath, rows);
    const key = field ?? 'root';
    if (errors[key]) continue;
    // A path the form has no input for is named in the message, so it is never lost.
    const message =
      field === null && bodyPath !== '' ? `${bodyPath}: ${issue.message}` : sentence(issue.message);
    errors[key] = { type: 'schema', message };
  }
  return errors;
}

/** The API's field errors ({ path: "emails.1", message: "emails.1: must be..." }) as body issues. */
export function serverIssues(errors: readonly { path: string; message: string }[]): BodyIssue[] {
  return errors.map(({ path, message }) => ({
    path: path === '' ? [] : path.split('.'),
    message: message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message,
  }));
}
