import { Card } from '@/components/ui/card';
import type { MonitoringHitView } from '@/lib/contract/console/monitoring';
import { RelativeTime } from '../sessions/relative-time';

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** The entry a monitoring hit matched, in one line: list, entry and its id, score. */
export function MonitoringHitLine({ hit }: { hit: MonitoringHitView }) {
  return (
    <>
      <strong>{hit.list}</strong> entry {hit.entryName} (id {hit.entryId}, {hit.source}), matched as “
      {hit.matchedName}” at {percent(hit.score)}
    </>
  );
}

/** The session page's monitoring hits: entries that sanctions list updates added and that matched it. */
export function MonitoringHits({ hits }: { hits: readonly MonitoringHitView[] }) {
  if (hits.length === 0) return null;
  return (
    <Card
      title="Sanctions monitoring"
      labelledBy="session-monitoring-heading"
      description="A sanctions list update added these entries after the session was verified; each hit put the session back in the review queue."
    >
      <ul>
        {hits.map((hit) => (
          <li key={hit.id}>
            <p>
              <MonitoringHitLine hit={hit} /> — <RelativeTime iso={hit.createdAt} />
            </p>
            <p className="muted">{hit.evidence}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
