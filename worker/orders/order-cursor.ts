// Newest-first paging of orders, shared by live reads (queries.ts) and archived ones (archive-reads.ts).

/** Where the next page of newest-first orders starts: just after this order. */
export type OrderCursor = { createdAt: string; id: string };
export const encodeOrderCursor = (o: { created_at: string; id: string }) => `${o.created_at}|${o.id}`;
export function decodeOrderCursor(text: string): OrderCursor | null {
  const [createdAt, id] = text.split('|');
  return createdAt && id ? { createdAt, id } : null;
}
