import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from './page-header';

/** An honest placeholder: what the page will do, and that it is not built yet. */
export function ComingSoon({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>{summary}</PageHeader>
      <section className="card" aria-label={`${title}: coming soon`}>
        <p className="inline">
          <Badge tone="info">Coming soon</Badge>
          <span>This page is not built yet.</span>
        </p>
        {children}
      </section>
    </>
  );
}
