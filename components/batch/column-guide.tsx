import { BATCH_COLUMNS, MAX_BATCH_ROWS } from './columns';
import { ScrollBox } from './scroll-box';

/** What each column of the CSV becomes in the Verify request. */
export function ColumnGuide() {
  return (
    <details className="batch-guide">
      <summary>Columns the batch reads</summary>
      <p className="muted">
        The first row is the header. Headers are matched without regard to case, spaces or dashes (
        <code>First Name</code> is <code>first_name</code>). Blank cells are skipped. Other columns are not
        sent to Verify but are kept in the results CSV, so an id column of your own comes back with each
        result. At most {MAX_BATCH_ROWS.toLocaleString('en-US')} rows per file; comma, semicolon or tab
        separated, UTF-8.
      </p>
      <ScrollBox>
        <table className="table table-cards">
          <caption className="visually-hidden">CSV columns and the request fields they fill</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Also accepted</th>
              <th scope="col">Sent as</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {BATCH_COLUMNS.map((column) => (
              <tr key={column.name}>
                <td data-label="Column">
                  <code>{column.name}</code>
                </td>
                <td data-label="Also accepted">
                  {column.aliases.length > 0 ? column.aliases.join(', ') : '—'}
                </td>
                <td data-label="Sent as">
                  <code>{column.field}</code>
                </td>
                <td data-label="Example">{column.example || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="muted">
        Each row needs at least one identifier: an email, a phone, an SSN, an IP address, or a name together
        with an address. An address line needs first and last name.
      </p>
    </details>
  );
}
