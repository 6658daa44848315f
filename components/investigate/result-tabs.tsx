'use client';

import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styles from './investigate.module.css';

export type ResultTab = 'verify' | 'signals';

const TABS: { id: ResultTab; label: string }[] = [
  { id: 'verify', label: 'Verify' },
  { id: 'signals', label: 'Signals' },
];

interface ResultTabsProps {
  selected: ResultTab;
  onSelect: (tab: ResultTab) => void;
  /** A short status after each tab's name ("0.91 high", "running…"). */
  badges: Partial<Record<ResultTab, string>>;
  panels: Record<ResultTab, ReactNode>;
}

/**
 * Verify and Signals results as tabs (WAI-ARIA tabs: arrows, Home and End move between them).
 * Both panels stay mounted, so switching keeps expanded checks and loaded signals.
 */
export function ResultTabs({ selected, onSelect, badges, panels }: ResultTabsProps) {
  const tabs = useRef<Record<ResultTab, HTMLButtonElement | null>>({ verify: null, signals: null });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    const tab = next === null ? undefined : TABS[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    tabs.current[tab.id]?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Results" className={styles.tabList} onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`result-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`result-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {badges[tab.id] ? <span className={styles.tabBadge}>{badges[tab.id]}</span> : null}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`result-panel-${tab.id}`}
          aria-labelledby={`result-tab-${tab.id}`}
          hidden={selected !== tab.id}
          className={styles.tabPanel}
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
