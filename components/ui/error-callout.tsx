import type { ReactNode } from 'react';

/** An error stated plainly, with what to do next; announced to screen readers when it appears. */
export function ErrorCallout({
  title = 'Something went wrong',
  children,
  action,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="callout callout-error" role="alert">
      <p className="callout-title">{title}</p>
      {children ? <div>{children}</div> : null}
      {action ? <div>{action}</div> : null}
    </div>
  );
}
