'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
// The package's JS does not import its own stylesheet: the integration must.
import '@scalar/api-reference-react/style.css';
import { useEffect, useMemo } from 'react';
import { SCALAR_CUSTOM_CSS } from './scalar-theme';

interface ScalarViewProps {
  document: Record<string, unknown>;
  theme: 'light' | 'dark';
  origin: string;
}

/**
 * Scalar's renderer over the document the page already loaded. Offline by configuration: no
 * web fonts, no telemetry, no AI agent, no proxy, no developer toolbar; requests are sent
 * from the API explorer, where the key handling is ours.
 */
export function ScalarView({ document, theme, origin }: ScalarViewProps) {
  const configuration = useMemo(
    () => ({
      content: document,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: theme,
      baseServerURL: origin,
      documentDownloadType: 'json' as const,
      // Eight operations: all of them open, so the page reads (and searches) as one document.
      defaultOpenAllTags: true,
      // The schemas list fields in a meaningful order (identifiers first), not alphabetically.
      orderSchemaPropertiesBy: 'preserve' as const,
      customCss: SCALAR_CUSTOM_CSS,
    }),
    [document, theme, origin],
  );
  // Scalar leaves its colour-mode classes on <body> and turns off scroll restoration for the
  // whole tab; the rest of the console expects neither once the reference is gone.
  useEffect(
    () => () => {
      window.document.body.classList.remove('light-mode', 'dark-mode');
      window.history.scrollRestoration = 'auto';
    },
    [],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
