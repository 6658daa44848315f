import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Lists' };

export default function ListsPage() {
  return (
    <ComingSoon
      title="Lists"
      summary="The reference lists behind the checks (sanctions, Tor, VPN and data-center ranges), each with its date and size."
    >
      <p className="muted">
        Import or update them meanwhile with <code>npm run lists -- import DIR</code>.
      </p>
    </ComingSoon>
  );
}
