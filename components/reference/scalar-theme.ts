// Scalar's colours, fonts and offsets taken from the console's own tokens, so the reference
// follows the console's light and dark themes. Injected by Scalar as its customCss; unlayered,
// so it wins over Scalar's layered theme. Nested `.dark-mode` blocks (Scalar's dark code
// samples) keep Scalar's own palette.
export const SCALAR_CUSTOM_CSS = `
body.light-mode,
body.dark-mode {
  --scalar-font: var(--font-sans);
  --scalar-font-code: var(--font-mono);
  --scalar-radius: var(--radius-sm);
  --scalar-radius-lg: var(--radius);
  --scalar-background-1: var(--surface);
  --scalar-background-2: var(--surface-2);
  --scalar-background-3: var(--border);
  --scalar-background-accent: var(--accent-soft);
  --scalar-color-1: var(--fg);
  --scalar-color-2: var(--muted);
  --scalar-color-3: var(--muted);
  --scalar-color-accent: var(--accent);
  --scalar-border-color: var(--border);
  --scalar-link-color: var(--accent);
  --scalar-link-color-hover: var(--accent);
  --scalar-color-green: var(--success);
  --scalar-color-red: var(--danger);
  --scalar-color-orange: var(--warning);
  --scalar-color-yellow: var(--warning);
  --scalar-color-blue: var(--info);
  --scalar-color-purple: var(--accent);
  --scalar-button-1: var(--accent-bg);
  --scalar-button-1-hover: var(--accent-bg-hover);
  --scalar-button-1-color: var(--on-accent);
  --scalar-sidebar-background-1: var(--surface);
  --scalar-sidebar-color-1: var(--fg);
  --scalar-sidebar-color-2: var(--muted);
  --scalar-sidebar-color-active: var(--accent);
  --scalar-sidebar-item-active-background: var(--accent-soft);
  --scalar-sidebar-search-color: var(--muted);
  /* The console header stays on top: Scalar's sticky parts start below it. */
  --scalar-custom-header-height: var(--header-h);
}
`;
