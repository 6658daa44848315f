import { CopyButton } from '@/components/ui/copy-button';

/** The ten recovery codes, shown once when a first second factor (app or passkey) is set up. */
export function RecoveryCodesCallout({ title, codes }: { title: string; codes: string[] }) {
  return (
    <div className="callout callout-success" role="status">
      <p className="callout-title">{title}</p>
      <p>
        Each works once, instead of a code or a passkey, if you lose your phone. They are shown only now;
        store them somewhere safe.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label="Copy recovery codes" />
    </div>
  );
}
