'use client';

import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { AuditFilter, AuditPage } from '@/lib/contract/console/audit';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { filterParams, LogBody, useLogPages } from './paged-log';

/** Every change made in the workspace, newest first, 50 at a time, filterable and exportable. */
export function AuditPanel() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const audit = useLogPages<AuditPage>(['console', 'audit', 'list'], '/api/console/audit', filter);
  const filtered = Object.values(filter).some(Boolean);
  const exportQuery = filterParams(filter).toString();

  return (
    <>
      <Card title="Filters" labelledBy="audit-filters-heading">
        <AuditFilters onApply={setFilter} />
      </Card>
      <Card
        title="Changes"
        labelledBy="audit-changes-heading"
        description="Keys, members, roles, limits, settings, the risk policy and deletions: each recorded in the same transaction as the change it describes."
        actions={
          <a
            className={buttonClass('secondary', 'sm')}
            href={`/api/console/audit/export${exportQuery ? `?${exportQuery}` : ''}`}
            download
          >
            Export CSV{filtered ? ' (filtered)' : ''}
          </a>
        }
      >
        <LogBody
          pages={audit}
          noun={['change', 'changes']}
          name="the audit log"
          filtered={filtered}
          empty={{
            title: 'No changes recorded yet',
            body: 'Changes to keys, members and settings appear here as they are made.',
          }}
          emptyFiltered={{
            title: 'No change matches these filters',
            body: 'Widen the dates or clear a filter.',
          }}
          table={(rows) => <AuditTable rows={rows} />}
        />
      </Card>
    </>
  );
}
