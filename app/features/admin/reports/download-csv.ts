// A CSV download from the admin API (docs/product.md §11.8): the file comes with the admin's token, so it is fetched
// and handed to the browser as a file rather than opened as a link.
import { staffToken } from '../../auth/staff-session';

/** Fetches `path` (under /api) and saves it under the name the server gives it; throws with the server's message. */
export async function downloadCsv(path: string, query: Record<string, string | undefined> = {}) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v) url.searchParams.set(k, v);
  const token = staffToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) {
    const body = await res.json().catch(() => null) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `Download failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
