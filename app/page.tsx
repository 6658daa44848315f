export default function HomePage() {
  return (
    <main>
      <h1>Verity</h1>
      <p>Identity verification and signals, self-hosted.</p>
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
        Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>; create keys with{' '}
        <code>npm run --silent keys -- create --workspace NAME --scopes verify,signals</code>.
      </p>
    </main>
  );
}
