// Who acts, and over what: every service verb takes one and scopes its queries itself, so a route
// never checks workspaces (a row of another workspace answers exactly as a missing one).

/** A workspace member (console) or an API key: every query is limited to that workspace. */
export interface WorkspaceContext {
  workspaceId: string;
  /** The console user's id, or the key's id. */
  actor: string;
  /** The X-Request-Id of the call, recorded on the audit rows of its changes. */
  requestId?: string;
}

/** The operator (the CLIs on the server's machine): every workspace. */
export interface OperatorContext {
  workspaceId: null;
  actor: 'cli';
  requestId?: undefined;
}

export type ServiceContext = WorkspaceContext | OperatorContext;

export const OPERATOR: OperatorContext = { workspaceId: null, actor: 'cli' };
