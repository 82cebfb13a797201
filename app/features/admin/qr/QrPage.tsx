import { Download, Printer } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useAdminVenue } from '../api';

const MAX_TABLES = 100;
type Code = { label: string; url: string; png: string; svg: string };

/** The guest menu URL, optionally for one table (the guest app keeps `?table=` for its orders). */
export function menuUrl(origin: string, slug: string, table?: number) {
  const url = new URL(`/venue/${encodeURIComponent(slug)}`, origin);
  if (table !== undefined) url.searchParams.set('table', String(table));
  return url.toString();
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
  const [tables, setTables] = useState(6);
  const [codes, setCodes] = useState<Code[]>([]);
  const slug = venue.data?.slug;
  const targets = useMemo(() => {
    if (!slug) return [];
    const origin = window.location.origin;
    return [
      { label: 'Menu', url: menuUrl(origin, slug) },
      ...Array.from({ length: tables }, (_, i) => ({ label: `Table ${i + 1}`, url: menuUrl(origin, slug, i + 1) })),
    ];
  }, [slug, tables]);

  useEffect(() => {
    let cancelled = false;
    void Promise.all(targets.map((t) => render(t.label, t.url))).then((rendered) => { if (!cancelled) setCodes(rendered); });
    return () => { cancelled = true; };
  }, [targets]);

  if (venue.isError) return <main className="page"><p role="alert">Failed to load venue data</p></main>;
  return (
    <main className="page stack qr-page">
      <div className="row admin-section-head no-print">
        <h1>QR Generator</h1>
        <span className="spacer" />
        <div className="field">
          <label htmlFor="qr-tables">Number of tables</label>
          <input id="qr-tables" type="number" min={0} max={MAX_TABLES} value={tables}
            onChange={(e) => setTables(Math.max(0, Math.min(MAX_TABLES, Math.floor(Number(e.target.value) || 0))))} />
        </div>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}><Printer size={16} aria-hidden="true" /> Print sheet</button>
      </div>
      <p className="muted no-print">Guests who scan a table's code order with that table number, so staff know where to bring the drinks.</p>
      {venue.data && <h2 className="print-only">{venue.data.name}</h2>}
      {/* The cards' h3 titles sit under a section heading on screen too (the printed one is the venue's name). */}
      <h2 className="visually-hidden no-print">Table codes</h2>
      {codes.length === 0 ? <p className="muted">Generating codes...</p> : (
        <ul className="qr-grid">{codes.map((code) => <QrCard key={code.url} code={code} slug={slug ?? 'venue'} />)}</ul>
      )}
    </main>
  );
}
