'use client';

import type { Core, StylesheetJson } from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import styles from './graph.module.css';
import { type GraphState, KIND_COLOUR } from './graph-state';

/** The theme's colours, read from the page's CSS variables (Cytoscape draws on a canvas). */
function themeColours(element: HTMLElement) {
  const css = getComputedStyle(element);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--fg', '#111827'),
    surface: read('--surface', '#ffffff'),
    edge: read('--border-strong', '#9ca3af'),
    danger: read('--danger', '#b91c1c'),
  };
}

/** Labels cut to a short width (the full value on hover and in the table), on a halo of the surface. */
function graphStyle(colours: ReturnType<typeof themeColours>): StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        'background-color': 'data(colour)',
        label: 'data(label)',
        'font-size': 10,
        color: colours.text,
        'text-outline-color': colours.surface,
        'text-outline-width': 2,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        'text-wrap': 'ellipsis',
        'text-max-width': '90px',
        'min-zoomed-font-size': 6,
        width: 18,
        height: 18,
      },
    },
    {
      selector: 'node[?root]',
      style: { width: 26, height: 26, 'border-width': 3, 'border-color': colours.text },
    },
    {
      selector: 'node[?hub]',
      style: { shape: 'diamond', 'border-width': 2, 'border-color': colours.danger },
    },
    {
      selector: 'node.hovered',
      style: { 'text-max-width': '400px', 'z-index': 10, 'font-size': 12 },
    },
    {
      selector: 'edge',
      style: {
        width: 'mapData(confidence, 0, 1, 1, 6)',
        'line-color': colours.edge,
        'curve-style': 'bezier',
      },
    },
  ];
}

/**
 * The graph drawn by Cytoscape.js, loaded in the browser only (it measures the page). Clicking a
 * node expands it; the table twin below offers the same by keyboard and to screen readers.
 */
export function GraphCanvas({ graph, onExpand }: { graph: GraphState; onExpand: (id: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [cy, setCy] = useState<Core | null>(null);
  const expand = useRef(onExpand);
  expand.current = onExpand;

  useEffect(() => {
    let cancelled = false;
    let created: Core | null = null;
    const element = container.current;
    if (!element) return;
    void import('cytoscape').then(({ default: cytoscape }) => {
      if (cancelled) return;
      const cy = cytoscape({
        container: element,
        minZoom: 0.3,
        maxZoom: 3,
        style: graphStyle(themeColours(element)),
      });
      cy.on('tap', 'node', (event) => expand.current(event.target.id()));
      // The full label on hover, above the others; the rest stay short so they do not overlap.
      cy.on('mouseover', 'node', (event) => event.target.addClass('hovered'));
      cy.on('mouseout', 'node', (event) => event.target.removeClass('hovered'));
      created = cy;
      setCy(cy);
    });
    // The theme may change under the page (the toggle, or the system's): recolour the labels.
    const restyle = () => created?.style(graphStyle(themeColours(element)));
    const observer = new MutationObserver(restyle);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', restyle);
    return () => {
      cancelled = true;
      observer.disconnect();
      scheme.removeEventListener('change', restyle);
      created?.destroy();
    };
  }, []);

  useEffect(() => {
    const current = cy;
    if (!current) return;
    const nodes = [...graph.nodes.values()].map((node) => ({
      group: 'nodes' as const,
      data: {
        id: node.id,
        label: node.label,
        colour: KIND_COLOUR[node.kind],
        root: node.root,
        hub: node.hub,
      },
    }));
    const edges = [...graph.edges.values()].map((edge) => ({
      group: 'edges' as const,
      data: { id: `${edge.a}-${edge.b}`, source: edge.a, target: edge.b, confidence: edge.confidence },
    }));
    const added = [...nodes, ...edges].filter((item) => current.getElementById(item.data.id).empty());
    if (added.length === 0) return;
    current.add(added);
    // Labels count in the layout's node sizes, so the layout spaces nodes for them.
    current
      .layout({
        name: 'cose',
        animate: false,
        fit: true,
        padding: 24,
        nodeDimensionsIncludeLabels: true,
        idealEdgeLength: () => 90,
        nodeRepulsion: () => 12_000,
      })
      .run();
    if (container.current) container.current.dataset.nodes = String(current.nodes().length);
  }, [graph, cy]);

  return (
    <div
      ref={container}
      className={styles.canvas}
      role="img"
      aria-label={`Identity graph: ${graph.nodes.size} identifiers and ${graph.edges.size} links, listed in the tables below.`}
      data-testid="graph-canvas"
    />
  );
}
