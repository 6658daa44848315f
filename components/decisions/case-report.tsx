// The printable case report of a session: masked inputs, the checks and waterfall of its latest
// call, every call with its request id, and the decisions and notes. Server-rendered, no charts,
// so it prints the same in every browser. A check that read a reference list says how old the
// list was when the call ran, and a check whose list was not loaded says so instead of "None".
import { type CheckLists, checkLists } from '@/components/lists/check-lists';
import { ListAge } from '@/components/lists/list-age';
import type { ListStatus } from '@/components/lists/list-groups';
import { BAND_LABEL, formatRisk, formatStep, LEVEL_LABEL } from '@/components/results/risk-style';
import { waterfallSteps } from '@/components/results/waterfall-steps';
import { MaskedInputs } from '@/components/sessions/masked-inputs';
import type { DecisionRecord } from '@/lib/contract/console/decisions';
import { DECISION_LABEL } from '@/lib/contract/console/decisions';
import type { SessionDetail } from '@/lib/contract/console/sessions';
import { DecisionHistoryList } from './decision-history';
import { formatUtc } from './format-utc';
import styles from './report.module.css';

export function CaseReport({
  session,
  decisions,
  workspace,
  generatedAt,
  lists,
}: {
  session: SessionDetail;
  decisions: DecisionRecord[];
  workspace: string;
  generatedAt: string;
  /** The reference lists loaded now (GET /api/console/lists's data). */
  lists: readonly ListStatus[];
}) {
  const latest = session.timeline.at(-1);
  // Ages as of the latest call: whether a list was stale when the check ran is what a reviewer needs.
  const callAt = new Date(latest?.createdAt ?? generatedAt);
  const checks = latest?.checks ?? [];
  const steps = waterfallSteps(checks.map((check) => ({ ...check, contribution: check.contribution ?? 0 })));
  const inForce = decisions[0];
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <header className={styles.head}>
        <h1 id="report-title">Case report</h1>
        <dl className={styles.facts}>
          <div>
            <dt>Session</dt>
            <dd>
              <code>{session.id}</code>
            </dd>
          </div>
          <div>
            <dt>Workspace</dt>
            <dd>{workspace}</dd>
          </div>
          <div>
            <dt>Risk</dt>
            <dd>
              {formatRisk(session.risk)} ({BAND_LABEL[session.band]})
            </dd>
          </div>
          <div>
            <dt>Decision</dt>
            <dd>{inForce ? `${DECISION_LABEL[inForce.decision]}: ${inForce.reason}` : 'None yet'}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatUtc(session.createdAt)}</dd>
          </div>
          <div>
            <dt>Last activity</dt>
            <dd>{formatUtc(session.updatedAt)}</dd>
          </div>
          <div>
            <dt>Generated</dt>
            <dd>{formatUtc(generatedAt)}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="report-inputs">
        <h2 id="report-inputs">Inputs (masked)</h2>
        <MaskedInputs inputs={session.inputs} />
      </section>

      <section aria-labelledby="report-decisions">
        <h2 id="report-decisions">Decisions and notes</h2>
        <DecisionHistoryList decisions={decisions} absolute />
      </section>
      <section aria-labelledby="report-calls">
        <h2 id="report-calls">Calls</h2>
        {session.truncated ? (
          <p>
            The first {session.timeline.length} of {session.calls} calls are shown.
          </p>
        ) : null}
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">Risk</th>
              <th scope="col">Request id</th>
            </tr>
          </thead>
          <tbody>
            {session.timeline.map((call) => (
              <tr key={call.id}>
                <td>{call.index}</td>
                <td>{formatUtc(call.createdAt)}</td>
                <td>{call.status}</td>
                <td>
                  {formatRisk(call.risk)} ({BAND_LABEL[call.band]})
                </td>
                <td>
                  <code>{call.requestId}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="report-waterfall">
        <h2 id="report-waterfall">Waterfall of the latest call</h2>
        {steps.length === 0 ? (
          <p>No check moved the score.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Level</th>
                <th scope="col">Contribution</th>
                <th scope="col">Score after</th>
                <th scope="col">
                  <span className="visually-hidden">Bar</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.id}>
                  <td>{step.name}</td>
                  <td>{LEVEL_LABEL[step.risk]}</td>
                  <td>{formatStep(step.contribution)}</td>
                  <td>{formatRisk(step.end)}</td>
                  <td className={styles.barCell} aria-hidden="true">
                    <span
                      className={styles.bar}
                      style={{
                        marginLeft: `${step.start * 100}%`,
                        width: `${Math.max(step.contribution, 0.005) * 100}%`,
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="report-checks">
        <h2 id="report-checks">Checks of the latest call</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">State</th>
              <th scope="col">Level</th>
              <th scope="col">Evidence</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.id}>
                <td>
                  <code>{check.id}</code>
                </td>
                <td>{check.state}</td>
                <CheckLevel check={check} lists={checkLists(check, lists, callAt)} callAt={callAt} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}

/** A check's level and evidence cells, with the lists it read (or the one it waited for). */
function CheckLevel({
  check,
  lists,
  callAt,
}: {
  check: SessionDetail['timeline'][number]['checks'][number];
  lists: CheckLists | null;
  callAt: Date;
}) {
  return (
    <>
      <td>{lists?.notLoaded ? <strong>List not loaded</strong> : LEVEL_LABEL[check.risk]}</td>
      <td>
        {check.description}
        {lists ? <ReportLists lists={lists} callAt={callAt} /> : null}
      </td>
    </>
  );
}

function ReportLists({ lists, callAt }: { lists: CheckLists; callAt: Date }) {
  if (lists.ages.length === 0 && lists.missing.length === 0 && !lists.notLoaded) return null;
  return (
    <ul className={styles.lists}>
      {lists.notLoaded ? (
        <li>
          <strong>List not loaded:</strong> the check looked at nothing; UNKNOWN here is neither a pass nor a
          finding.
        </li>
      ) : null}
      {lists.ages.map(({ list, label, freshness }) => (
        <li key={`${list.category}:${list.name}`}>
          {label} <code>{list.name}</code>:{' '}
          {new Date(list.importedAt) > callAt ? (
            // Replaced since: the list the call read is gone, so its age then is unknown.
            <>
              imported after this call (<time dateTime={list.importedAt}>{formatUtc(list.importedAt)}</time>)
            </>
          ) : (
            <ListAge freshness={freshness} />
          )}
        </li>
      ))}
      {lists.missing.map((kind) => (
        <li key={kind.category}>{kind.label}: not loaded</li>
      ))}
    </ul>
  );
}
