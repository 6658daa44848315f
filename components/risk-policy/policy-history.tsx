import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SavedVersionCells } from '@/components/ui/saved-version-cells';
import { overrideEntries } from '@/lib/engine/risk-policy/overrides';
import { weightEntries } from '@/lib/engine/risk-policy/weights';
import type { PolicyVersion } from './policy-types';

/** Every saved version, newest first, with who saved it and the levels it sets. */
export function PolicyHistory({ history }: { history: PolicyVersion[] }) {
  return (
    <Card
      title="Version history"
      labelledBy="history-heading"
      description="Each save is a new version; every Verify call records the version it was scored under (0 is the catalog's defaults)."
    >
      {history.length === 0 ? (
        <EmptyState title="No policy saved yet">
          This workspace scores with the catalog's defaults (version 0).
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Saved versions of the risk policy</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Saved</th>
                <th scope="col">By</th>
                <th scope="col">Levels that differ from the defaults</th>
                <th scope="col">Weights that differ from the catalog's</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => {
                const levels = overrideEntries(entry.overrides);
                const weights = weightEntries(entry.weights);
                return (
                  <tr key={entry.version}>
                    <SavedVersionCells entry={entry} />
                    <td>
                      {levels.length === 0
                        ? 'None (back to the defaults)'
                        : levels
                            .map((l) => `${l.checkId} ${l.state}: ${l.risk} (default ${l.defaultRisk})`)
                            .join('; ')}
                    </td>
                    <td>
                      {weights.length === 0
                        ? 'None'
                        : weights
                            .map((w) => `${w.checkId} ${w.state}: ${w.weight} (catalog ${w.defaultWeight})`)
                            .join('; ')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
