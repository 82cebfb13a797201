// Where the API client's auth bridge (auth/install.ts) finds the back office's session once
// staff-session.ts has loaded. Back-office pages load it before they send anything; guest pages never
// do, which keeps the back office's session out of their first download (docs/decisions/219).
type StaffSession = { staffToken(): string | null; syncClaims(): Promise<boolean>; sessionRefused(): Promise<boolean> };

let staffSession: StaffSession | null = null;

export const registerStaffSession = (session: StaffSession) => { staffSession = session; };
export const loadedStaffSession = () => staffSession;
