'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';
import { useOpenApiDocument, useOrigin } from '@/components/explorer/openapi-query';
import { Button } from '@/components/ui/button';
import { ErrorCallout } from '@/components/ui/error-callout';
import { Skeleton } from '@/components/ui/skeleton';

// Scalar is a browser-only (Vue) app: loaded on the client, after the page shell.
const ScalarView = dynamic(() => import('./scalar-view').then((module) => module.ScalarView), {
  ssr: false,
  loading: () => <Skeleton lines={8} label="Loading the API reference" />,
});

const DARK = '(prefers-color-scheme: dark)';

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia(DARK);
  media.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', onChange);
  };
}

/** The console's theme as shown: its choice on <html>, else the system's. */
function currentTheme(): 'light' | 'dark' {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia(DARK).matches ? 'dark' : 'light';
}

export function ApiReference() {
  const document = useOpenApiDocument();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const);
  const origin = useOrigin();

  if (document.isPending) return <Skeleton lines={8} label="Loading the API description" />;
  if (document.isError) {
    return (
      <ErrorCallout
        title="The API description could not be loaded"
        action={
          <Button size="sm" onClick={() => document.refetch()}>
            Try again
          </Button>
        }
      >
        {document.error.message}
      </ErrorCallout>
    );
  }
  return (
    <div className="reference-scalar" data-testid="api-reference">
      {/* Remounted on a theme change: Scalar reads its colour mode once, when it starts. */}
      <ScalarView key={theme} document={document.data} theme={theme} origin={origin} />
    </div>
  );
}
