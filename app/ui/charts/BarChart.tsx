// Small dependency-free SVG charts (docs/decisions/203 and 199): the admin analytics and the super console use
// them. Bar charts have a y-axis with gridlines at round values; labels are placed so none is clipped; each
// chart has its numbers in a real table behind "Show data" (and for screen readers).
import { formatCount } from '../../../shared/money';

export type BarDatum = { label: string; value: number };

type BarChartProps = {
  title: string;
  data: BarDatum[];
  formatValue?: (n: number) => string;
  height?: number;
  /** Show every nth x label (long series get crowded). */
  labelEvery?: number;
  /** The table's first column header. */
  labelHeader?: string;
};

const WIDTH = 420;
const CHAR_WIDTH = 6.2; // at the labels' 11px, a generous average for digits and '$,/'
const TICKS = 4;

/** A round step (1, 2, 2.5 or 5 × 10ⁿ) so TICKS steps cover max; whole numbers only for counts. */
export function niceStep(max: number, wholeNumbers = false): number {
  const raw = Math.max(max, 1) / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 2, 2.5, 5, 10].map((m) => m * power).filter((s) => !wholeNumbers || Number.isInteger(s));
  return steps.find((s) => s >= raw) ?? 10 * power;
}

export function BarChart({ title, data, formatValue = (n) => formatCount(n), height = 200, labelEvery = 1, labelHeader = 'Day' }: BarChartProps) {
  const step = niceStep(Math.max(0, ...data.map((d) => d.value)), data.every((d) => Number.isInteger(d.value)));
  const top = step * TICKS;
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => i * step);
  const left = Math.ceil(Math.max(...ticks.map((t) => formatValue(t).length)) * CHAR_WIDTH) + 10;
  const right = 8;
  const plotTop = 8;
  const plotBottom = height - 24;
  const band = (WIDTH - left - right) / Math.max(1, data.length);
  const y = (v: number) => plotBottom - (v / top) * (plotBottom - plotTop);
  /** An x label's centre, moved inwards so its text stays inside the chart. */
  const labelX = (i: number, text: string) => {
    const half = (text.length * CHAR_WIDTH) / 2;
    return Math.min(WIDTH - right - half, Math.max(left + half, left + i * band + band / 2));
  };
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title} className="chart-svg">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={left} x2={WIDTH - right} y1={y(t)} y2={y(t)} className={t === 0 ? 'chart-axis' : 'chart-grid'} />
            <text x={left - 6} y={y(t) + 4} textAnchor="end" className="chart-label chart-y-label">{formatValue(t)}</text>
          </g>
        ))}
        <line x1={left} x2={left} y1={plotTop} y2={plotBottom} className="chart-axis" />
        {data.map((d, i) => (
          <g key={`${d.label}-${i}`}>
            <rect x={left + i * band + band * 0.15} y={y(d.value)} width={band * 0.7} height={plotBottom - y(d.value)} className="chart-bar" rx={2}>
              <title>{`${d.label}: ${formatValue(d.value)}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={labelX(i, d.label)} y={height - 6} textAnchor="middle" className="chart-label chart-x-label">{d.label}</text>
            )}
          </g>
        ))}
      </svg>
      <DataTable caption={title} headers={[labelHeader, title]} rows={data.map((d) => [d.label, formatValue(d.value)])} />
    </figure>
  );
}

export type HorizontalBarProps = { title: string; data: BarDatum[]; formatValue?: (n: number) => string };

/** Ranked list with proportional bars (top drinks, top venues). */
export function HorizontalBars({ title, data, formatValue = (n) => formatCount(n) }: HorizontalBarProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <figure className="chart">
      <ol className="chart-hbars" aria-label={title}>
        {data.map((d) => (
          <li key={d.label} className="chart-hbar-row">
            <span className="chart-hbar-label">{d.label}</span>
            <span className="chart-hbar-track" aria-hidden="true"><span className="chart-hbar" style={{ width: `${(d.value / max) * 100}%` }} /></span>
            <span className="chart-hbar-value">{formatValue(d.value)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** A chart's numbers as a table, folded away under "Show data". */
export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <details className="chart-data">
      <summary>Show data<span className="visually-hidden"> for {caption}</span></summary>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead><tr>{headers.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
          <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}</tr>)}</tbody>
        </table>
      </div>
    </details>
  );
}
