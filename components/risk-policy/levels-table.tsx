'use client';

import type { UseFormRegister } from 'react-hook-form';
import { LEVEL_LABEL } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import type { BacktestRequest } from '@/lib/contract/console/risk-policy';
import { RISK_LEVELS, type RiskOverrides } from '@/lib/engine/risk-policy/overrides';
import { CHECK_ROWS } from './policy-rows';

type DraftLevels = Record<string, Record<string, unknown>>;

interface LevelsTableProps {
  register: UseFormRegister<{ overrides: DraftLevels; days?: BacktestRequest['days'] }>;
  draft: DraftLevels;
  inForce: RiskOverrides;
  /** Only rows whose draft level differs from the default or from the policy in force. */
  onlyDiffering: boolean;
}

/** One select per check and state, with its default, the level in force and how the draft differs. */
export function LevelsTable({ register, draft, inForce, onlyDiffering }: LevelsTableProps) {
  const groups = CHECK_ROWS.map((check) => ({
    ...check,
    states: check.states.map((row) => {
      const level = draft[check.checkId]?.[row.state];
      const current = inForce[check.checkId]?.[row.state] ?? row.defaultRisk;
      return { ...row, current, differsFromDefault: level !== row.defaultRisk, changed: level !== current };
    }),
  }));
  const shown = groups
    .map((g) => ({
      ...g,
      visible: g.states.filter((s) => !onlyDiffering || s.differsFromDefault || s.changed),
    }))
    .filter((g) => g.visible.length > 0);

  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <caption className="visually-hidden">Risk level per check and state</caption>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">State</th>
            <th scope="col">Default</th>
            <th scope="col">In force</th>
            <th scope="col">Level</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        {shown.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={6} className="muted">
                Every level is at its default: this workspace scores exactly as the catalog does.
              </td>
            </tr>
          </tbody>
        ) : null}
        {shown.map((group) => (
          <tbody key={group.checkId}>
            {group.visible.map((row, index) => (
              <tr key={row.state}>
                {index === 0 ? (
                  <th scope="rowgroup" rowSpan={group.visible.length}>
                    {group.name}
                    <br />
                    <code className="muted">{group.checkId}</code>
                  </th>
                ) : null}
                <td data-label="State" title={row.meaning}>
                  <code>{row.state}</code>
                </td>
                <td data-label="Default">{LEVEL_LABEL[row.defaultRisk]}</td>
                <td data-label="In force">{LEVEL_LABEL[row.current]}</td>
                <td data-label="Level">
                  <select
                    className="select"
                    aria-label={`Level for ${group.checkId} ${row.state}`}
                    {...register(`overrides.${group.checkId}.${row.state}`)}
                  >
                    {RISK_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {LEVEL_LABEL[level]}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label="Difference">
                  <span className="inline">
                    {row.pinned ? <Badge tone="info">Pinned by the API</Badge> : null}
                    {row.differsFromDefault ? <Badge tone="warning">Differs from default</Badge> : null}
                    {row.changed ? <Badge tone="danger">Unsaved change</Badge> : null}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
