import type { Order } from '../../../../shared/schemas/order';

/**
 * How many of each drink are still to make across open tickets, most first: a bartender batches from it. A voided
 * line is not made; a drink with options counts apart from the plain one ("Negroni, Double").
 */
export function allDayCounts(orders: Order[]): { name: string; quantity: number }[] {
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (order.status !== 'pending' && order.status !== 'preparing') continue;
    for (const item of order.items) {
      if (item.voided) continue;
      const name = item.modifiers ? `${item.name}, ${item.modifiers}` : item.name;
      counts.set(name, (counts.get(name) ?? 0) + item.quantity);
    }
  }
  return [...counts].map(([name, quantity]) => ({ name, quantity })).sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

export function AllDayPanel({ orders }: { orders: Order[] }) {
  const counts = allDayCounts(orders);
  return (
    <section className="card all-day" aria-labelledby="all-day-title">
      <h2 id="all-day-title">All day</h2>
      {counts.length === 0 ? <p className="muted">Nothing to make.</p> : (
        <ul className="all-day-list">
          {counts.map((c) => <li key={c.name}><strong>{c.quantity} ×</strong> {c.name}</li>)}
        </ul>
      )}
    </section>
  );
}
