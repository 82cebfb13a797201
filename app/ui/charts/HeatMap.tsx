import { DataTable } from './BarChart';
import { formatCount } from '../../../shared/money';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Weekday × hour grid; darker cells had more orders. */
export function HeatMap({ title, cells }: { title: string; cells: { weekday: number; hour: number; orders: number }[] }) {
  const max = Math.max(1, ...cells.map((c) => c.orders));
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.orders]));
  const cell = 18;
  const left = 34;
  const top = 14;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${left + 24 * cell} ${top + 7 * cell}`} role="img" aria-label={title} className="chart-svg chart-heat">
        {[0, 6, 12, 18].map((h) => <text key={h} x={left + h * cell} y={10} className="chart-label">{`${h}h`}</text>)}
        {WEEKDAYS.map((day, w) => (
          <g key={day}>
            <text x={0} y={top + w * cell + 13} className="chart-label">{day}</text>
            {Array.from({ length: 24 }, (_, h) => {
              const n = at.get(`${w}:${h}`) ?? 0;
              return (
                <rect key={h} x={left + h * cell + 1} y={top + w * cell + 1} width={cell - 2} height={cell - 2} rx={2}
                  className="chart-heat-cell" style={{ opacity: n === 0 ? 0.08 : 0.25 + 0.75 * (n / max) }}>
                  <title>{`${day} ${h}:00 — ${n} orders`}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </svg>
      <DataTable caption={title} headers={['Weekday', 'Hour', 'Orders']} rows={cells.map((c) => [WEEKDAYS[c.weekday]!, `${c.hour}:00`, formatCount(c.orders)])} />
    </figure>
  );
}
