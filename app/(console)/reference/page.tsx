import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'API reference' };

export default function ReferencePage() {
  return (
    <ComingSoon
      title="API reference"
      summary="Every operation, field, check and error of the API, generated from the same schemas the server validates with."
    >
      <h2>The API in short</h2>
      <ul>
        <li>
          <code>POST /api/verify</code>: every check of the eight packages, a risk score and a session.
        </li>
        <li>
          <code>POST /api/signals</code>: what the identity graph knows about the identifiers.
        </li>
        <li>
          <a href="/api/health">
            <code>GET /api/health</code>
          </a>
          : service and database status.
        </li>
      </ul>
      <p className="muted">
        Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>; admins issue keys on the Admin page,
        or with <code>npm run --silent keys -- create --workspace NAME --scopes verify,signals</code>.
      </p>
    </ComingSoon>
  );
}
