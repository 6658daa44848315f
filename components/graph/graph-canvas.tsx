'use client';

import type { Core } from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import styles from './graph.module.css';
import { type GraphState, KIND_COLOUR } from './graph-state';

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
        style: [
          {
            selector: 'node',
            style: {
              'background-color': 'data(colour)',
              label: 'data(label)',
              'font-size': 10,
              color: '#111827',
              'text-valign': 'bottom',
              'text-margin-y': 4,
              width: 18,
              height: 18,
            },
          },
          {
            selector: 'node[?root]',
            style: { width: 26, height: 26, 'border-width': 3, 'border-color': '#111827' },
          },
          {
            selector: 'node[?hub]',
            style: { shape: 'diamond', 'border-width': 2, 'border-color': '#b91c1c' },
          },
          {
            selector: 'edge',
            style: {
              width: 'mapData(confidence, 0, 1, 1, 6)',
              'line-color': '#9ca3af',
              'curve-style': 'bezier',
            },
          },
        ],
      });
      cy.on('tap', 'node', (event) => expand.current(event.target.id()));
      created = cy;
      setCy(cy);
    });
    return () => {
      cancelled = true;
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
    current.layout({ name: 'cose', animate: false, fit: true, padding: 24 }).run();
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
