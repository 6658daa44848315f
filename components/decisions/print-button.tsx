'use client';

import { Button } from '@/components/ui/button';

/** Opens the browser's print dialog, where "Save as PDF" makes the PDF. */
export function PrintButton() {
  return (
    <Button variant="primary" onClick={() => window.print()}>
      Print or save as PDF
    </Button>
  );
}
