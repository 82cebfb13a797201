// What this device remembers about its tables (docs/decisions/231): the table session it belongs to at each
// venue. The server is the truth: a session it no longer answers for (the guest left, was removed) is
// forgotten the moment a read says so. The venue frame reads it on every render (in every venue page's
// download, so kept to the least); the table's own chunks write it and follow it (member-store.ts).
export const memberKey = (slug: string) => `barhop.table-session.${slug}`;

/** The table session this device belongs to at the venue, if any. */
export const memberSessionId = (slug: string): string | null => localStorage.getItem(memberKey(slug));
