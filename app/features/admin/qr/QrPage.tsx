import { Download, Printer } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAdminVenue } from '../api';
import { useAdminTables } from '../tables/api';
import { tableQrPath } from '../../../../shared/tables';

type Code = { label: string; url: string; png: string; svg: string };

/**
 * The guest menu URL, or one table's: the table and its signed token, so its QR code opens or joins that table's tab
 * and a number typed by hand does not (docs/decisions/231 and 237).
 */
export function menuUrl(origin: string, slug: string, table?: { number: string; token: string }) {
  return new URL(table ? tableQrPath(slug, table.number, table.token) : `/venue/${encodeURIComponent(slug)}`, origin).toString();
}

async function render(label: string, url: string): Promise<Code> {
  const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: 512 };
  const [png, svg] = await Promise.all([QRCode.toDataURL(url, options), QRCode.toString(url, { ...options, type: 'svg' })]);
  return { label, url, png, svg };
}

const fileName = (slug: string, label: string, ext: string) => `${slug}-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${ext}`;

function download(name: string, href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

function downloadSvg(name: string, svg: string) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  download(name, url);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function QrCard({ code, slug }: { code: Code; slug: string }) {
  return (
    <li className="card stack qr-card">
      <img src={code.png} alt={`QR code for ${code.label}`} className="qr-image" width={200} height={200} />
      <h3>{code.label}</h3>
      <p className="muted qr-url">{code.url}</p>
      <div className="row no-print">
        <button type="button" className="btn btn-small" onClick={() => download(fileName(slug, code.label, 'png'), code.png)} aria-label={`Download ${code.label} as PNG`}>
          <Download size={14} aria-hidden="true" /> PNG
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadSvg(fileName(slug, code.label, 'svg'), code.svg)} aria-label={`Download ${code.label} as SVG`}>
          <Download size={14} aria-hidden="true" /> SVG
        </button>
      </div>
    </li>
  );
}

export default function QrPage() {
  const venue = useAdminVenue();
  const venueTables = useAdminTables();
  const [codes, setCodes] = useState<Code[]>([]);
  const slug = venue.data?.slug;
  const tables = venueTables.data?.tables;
  const targets = useMemo(() => {
    if (!slug || !tables) return [];
    const origin = window.location.origin;
    return [
      { label: 'Menu', url: menuUrl(origin, slug) },
      ...[...tables].sort((a, b) => a.position - b.position)
        .map((t) => ({ label: t.name ? `Table ${t.number} (${t.name})` : `Table ${t.number}`, url: menuUrl(origin, slug, t) })),
    ];
  }, [slug, tables]);

  useEffect(() => {
    let cancelled = false;
    void Promise.all(targets.map((t) => render(t.label, t.url))).then((rendered) => { if (!cancelled) setCodes(rendered); });
    return () => { cancelled = true; };
  }, [targets]);

  if (venue.isError || venueTables.isError) return <main className="page"><p role="alert">Failed to load venue data</p></main>;
  return (
    <main className="page stack qr-page">
      <div className="row admin-section-head no-print">
        <h1>QR Generator</h1>
        <span className="spacer" />
        <button type="button" className="btn btn-primary" onClick={() => window.print()}><Printer size={16} aria-hidden="true" /> Print sheet</button>
      </div>
      <p className="muted no-print">
        One code per table of the venue: a guest who scans it opens (or joins) that table&apos;s tab. <Link to="/admin/tables">Edit the tables</Link>
      </p>
      {venue.data && <h2 className="print-only">{venue.data.name}</h2>}
      {/* The cards' h3 titles sit under a section heading on screen too (the printed one is the venue's name). */}
      <h2 className="visually-hidden no-print">Table codes</h2>
      {codes.length === 0 ? <p className="muted">Generating codes...</p> : (
        <ul className="qr-grid">{codes.map((code) => <QrCard key={code.url} code={code} slug={slug ?? 'venue'} />)}</ul>
      )}
    </main>
  );
}
