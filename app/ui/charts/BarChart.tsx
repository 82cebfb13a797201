// Small dependency-free SVG charts (docs/decisions/056): the admin analytics and the super console use
// them. Each chart carries a visually hidden table so screen readers get the numbers.

export type BarDatum = { label: string; value: number };

type BarChartProps = {
  title: string;
  data: BarDatum[];
  formatValue?: (n: number) => string;
  height?: number;
  /** Show every nth x label (long series get crowded). */
  labelEvery?: number;
};

export function BarChart({ title, data, formatValue = String, height = 180, labelEvery = 1 }: BarChartProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = Math.max(300, data.length * 18);
  const plot = height - 24;
  const band = width / Math.max(1, data.length);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} preserveAspectRatio="none" className="chart-svg">
        {data.map((d, i) => {
          const h = (d.value / max) * (plot - 8);
          return (
            <g key={`${d.label}-${i}`}>
              <rect x={i * band + band * 0.15} y={plot - h} width={band * 0.7} height={h} className="chart-bar" rx={2}>
                <title>{`${d.label}: ${formatValue(d.value)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={i * band + band / 2} y={height - 6} textAnchor="middle" className="chart-label">{d.label}</text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={plot} y2={plot} className="chart-axis" />
      </svg>
      <figcaption className="chart-caption">{title} (max {formatValue(max)})</figcaption>
      <DataTable caption={title} rows={data.map((d) => [d.label, formatValue(d.value)])} />
    </figure>
  );
}

export type HorizontalBarProps = { title: string; data: BarDatum[]; formatValue?: (n: number) => string };

/** Ranked list with proportional bars (top drinks, top venues). */
export function HorizontalBars({ title, data, formatValue = String }: HorizontalBarProps) {
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

export function DataTable({ caption, rows }: { caption: string; rows: (string | number)[][] }) {
  return (
    // The wrapper hides it: tables ignore `overflow`, so a hidden table itself would still stretch the page.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}
