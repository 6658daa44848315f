import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SavedVersionCells } from '@/components/ui/saved-version-cells';
import { OUTCOME_LABEL } from '@/lib/contract/console/rules';
import type { RulesVersionRecord } from './rules-types';

const rulesCount = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;

function VersionRow({ entry }: { entry: RulesVersionRecord }) {
  return (
    <tr>
      <SavedVersionCells entry={entry} />
      <td>
        {rulesCount(entry.rules.length)}
        {entry.rules.length > 0 ? (
          <span className="muted">: {entry.rules.map((rule) => rule.name).join(', ')}</span>
        ) : null}
      </td>
      <td>
        {OUTCOME_LABEL[entry.defaultOutcome]} <code>{entry.defaultReasonCode}</code>
      </td>
    </tr>
  );
}

/** Every saved version, newest first: who saved it, when, and what it holds. */
export function RulesHistory({ history }: { history: RulesVersionRecord[] }) {
  return (
    <Card
      title="Version history"
      labelledBy="rules-history-heading"
      description="Each save is a new version; every Verify call records the rules version that decided it."
    >
      {history.length === 0 ? (
        <EmptyState title="No rules saved yet">Verify answers of this workspace carry no outcome.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Saved versions of the rules</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Saved</th>
                <th scope="col">By</th>
                <th scope="col">Rules</th>
                <th scope="col">When no rule matches</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <VersionRow key={entry.version} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
