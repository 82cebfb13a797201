import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { tableDisplayName as tableLabel } from '../../../../shared/tables';
import type { StaffTables } from './api';

/**
 * Staff open a tab for a table by showing a guest its join link, as the table's QR code would (docs/decisions/237):
 * the first guest to open it hosts the tab. Tables with a live tab are not listed: their members invite the others.
 */
export function TableJoinLinks({ tables, busy }: { tables: StaffTables['tables']; busy: Set<string> }) {
  const [shown, setShown] = useState<string | null>(null);
  const free = tables.filter((t) => !busy.has(t.number));
  if (free.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="join-links-h">
      <h2 id="join-links-h">Open a tab</h2>
      <p className="muted">Show a guest the table&apos;s code: scanning it opens the tab, with them as its host.</p>
      <ul className="staff-tab-list" aria-label="Tables without a tab">
        {free.map((t) => (
          <li key={t.number} className="row">
            <span>{tableLabel(t.number)}{t.name ? ` (${t.name})` : ''}</span>
            <span className="spacer" />
            <button type="button" className="btn btn-small" aria-expanded={shown === t.number} onClick={() => setShown(shown === t.number ? null : t.number)}>
              {shown === t.number ? 'Hide code' : `Show ${tableLabel(t.number)}'s code`}
            </button>
            {shown === t.number && <JoinCode label={tableLabel(t.number)} url={new URL(t.join_path, window.location.origin).toString()} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function JoinCode({ label, url }: { label: string; url: string }) {
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 240 }).then((data) => { if (live) setPng(data); }, () => undefined);
    return () => { live = false; };
  }, [url]);
  return (
    <div className="stack">
      {png && <img src={png} alt={`QR code to open ${label}'s tab`} width={240} height={240} />}
      <a href={url}>{url}</a>
    </div>
  );
}
