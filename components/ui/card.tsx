import type { ReactNode } from 'react';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  level?: 2 | 3;
  children?: ReactNode;
  labelledBy?: string;
}

export function Card({ title, description, actions, level = 2, children, labelledBy }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="card" aria-labelledby={labelledBy}>
      {title || actions ? (
        <div className="card-header">
          <div>
            {title ? <Heading id={labelledBy}>{title}</Heading> : null}
            {description ? <p className="muted">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
