import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiReference } from '@/components/reference/api-reference';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'API reference' };

export default function ReferencePage() {
  return (
    <>
      <PageHeader title="API reference">
        Every operation, field, check and error of the API, generated from the same schemas the server
        validates with. The raw document is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI
        3.1); to send requests with a key, use the <Link href="/explorer">API explorer</Link>.
      </PageHeader>
      <ApiReference />
    </>
  );
}
