import { PageHeader } from '@/components/shell/page-header';
import { ErrorCallout } from '@/components/ui/error-callout';

/** What an analyst sees on an admin page: which role it needs, and whom to ask. */
export function AdminsOnly({ title, what, workspace }: { title: string; what: string; workspace: string }) {
  return (
    <>
      <PageHeader title={title} />
      <ErrorCallout title="Admins only">
        {what} needs the admin role in {workspace}. Ask an admin of this workspace.
      </ErrorCallout>
    </>
  );
}
