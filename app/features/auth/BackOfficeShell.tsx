import './back-office.css';
import { LogOut, Moon, PanelLeftClose, PanelLeftOpen, ShieldAlert, Sun, type LucideIcon } from 'lucide-react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { ImpersonationRole } from '../../../shared/schemas/auth';
import { errorMessage } from '../../lib/api-client';
import { applyStoredColorScheme, type ColorScheme } from '../../lib/color-scheme';
import { backOfficeScheme, setBackOfficeScheme } from '../../lib/back-office-scheme';
import { toast } from '../../ui/toast';
import { useVenues } from '../venues/venue-list';
import { useAuth } from './staff-hooks';
import { areaAdmits, type BackOfficeArea } from './roles';
import { Spinner } from './Spinner';

export type NavEntry = { to: string; label: string; icon: LucideIcon; end?: boolean };

const AREA_TITLES: Record<BackOfficeArea, string> = { admin: 'Venue Admin', staff: /*i18n*/ 'Staff Portal', super: 'Super Admin' };
const SIDEBAR_KEY = 'barhop.sidebar_collapsed';

/** Where a super admin lands after picking a venue in an area. */
const areaRoot = (role: ImpersonationRole) => (role === 'admin' ? '/admin' : '/staff');

/** Spec: the red impersonation banner with venue, role, slug and 'Exit Impersonation' (→ /super). */
export function ImpersonationBanner() {
  const { impersonation, exitImpersonation } = useAuth();
  const navigate = useNavigate();
  if (!impersonation) return null;
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <ShieldAlert aria-hidden="true" size={18} />
      <strong>Currently Impersonating</strong>
      <span>{impersonation.venue.name}</span>
      <span className="badge">{impersonation.role}</span>
      <span className="impersonation-slug">{impersonation.venue.slug}</span>
      <span className="spacer" />
      <button
        type="button" className="btn btn-small"
        onClick={() => { void exitImpersonation().then(() => navigate('/super')); }}
      >
        Exit Impersonation
      </button>
    </div>
  );
}

/** Spec: super admins get a venue picker; picking a venue impersonates it (decision 191). */
function VenuePicker({ role }: { role: ImpersonationRole }) {
  const { impersonation, startImpersonation } = useAuth();
  const venues = useVenues();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function pick(venueId: string) {
    if (!venueId) return;
    setBusy(true);
    try {
      const venue = await startImpersonation(venueId, impersonation?.role ?? role);
      toast.success(`Now viewing ${venue.name}`);
      navigate(areaRoot(impersonation?.role ?? role));
    } catch (err) {
      toast.error(`Failed to impersonate venue: ${errorMessage(err, 'unknown error')}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field venue-picker">
      <label htmlFor="venue-picker" className="nav-label">Venue</label>
      <select
        id="venue-picker" value={impersonation?.venueId ?? ''} disabled={busy || venues.isPending}
        onChange={(e) => void pick(e.target.value)}
      >
        <option value="">{venues.isPending ? /*i18n*/ 'Loading venues...' : 'Choose a venue'}</option>
        {(venues.data ?? []).map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
      </select>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page">
      <div className="card stack shell-panel">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/**
 * The frame of the admin, staff and super areas: route guard (spinner while loading, else
 * /login replacing history), collapsible sidebar, the user's role, logout, and for super admins
 * the venue picker and the impersonation banner.
 */
export function BackOfficeShell({ area, nav }: { area: BackOfficeArea; nav: NavEntry[] }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(SIDEBAR_KEY) === '1');
  const [scheme, setScheme] = useState<ColorScheme>(() => backOfficeScheme(area));
  // The area's scheme covers the whole document (dialogs and toasts too) while the shell is up; leaving gives
  // the guest's own choice back (docs/decisions/199).
  useLayoutEffect(() => {
    document.documentElement.dataset.scheme = scheme;
    return () => applyStoredColorScheme();
  }, [scheme]);

  if (auth.loading) return <main className="center-screen"><Spinner /></main>;
  if (!auth.user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!areaAdmits(area, auth.role, auth.user.role)) return <Navigate to="/login" replace state={{ from: location.pathname, denied: true }} />;

  const superadminWithoutVenue = auth.isSuperAdmin && !auth.impersonation && area !== 'super';
  const superAreaWhileImpersonating = area === 'super' && auth.impersonation !== null;
  const pickerRole: ImpersonationRole = area === 'staff' ? 'staff' : 'admin';

  function toggle() {
    setCollapsed((c) => {
      localStorage.setItem(SIDEBAR_KEY, c ? '0' : '1');
      return !c;
    });
  }

  function toggleScheme() {
    const next: ColorScheme = scheme === 'dark' ? 'light' : 'dark';
    setBackOfficeScheme(area, next);
    setScheme(next);
  }

  async function onLogout() {
    await auth.logout().catch(() => undefined);
    toast.success('Logged out successfully');
    navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <nav className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label={`${AREA_TITLES[area]} navigation`}>
        <div className="sidebar-head">
          <span className="nav-label sidebar-title">{AREA_TITLES[area]}</span>
          <button
            type="button" className="icon-button sidebar-toggle" onClick={toggle} aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
          </button>
        </div>
        {auth.isSuperAdmin && <VenuePicker role={pickerRole} />}
        {nav.map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} title={collapsed ? label : undefined} aria-label={label}>
            <Icon aria-hidden="true" size={18} />
            <span className="nav-label">{label}</span>
          </NavLink>
        ))}
        <div className="sidebar-foot">
          <p className="sidebar-user" title={auth.user.email}>
            <span className="nav-label sidebar-email">{auth.user.email}</span>
            <span className="badge badge-info"><span className="visually-hidden">Role: </span>{auth.role}</span>
          </p>
          <button type="button" className="nav-item scheme-toggle" onClick={toggleScheme} aria-pressed={scheme === 'dark'} aria-label="Dark mode" title="Dark mode">
            {scheme === 'dark' ? <Moon aria-hidden="true" size={18} /> : <Sun aria-hidden="true" size={18} />}
            <span className="nav-label">Dark mode</span>
          </button>
          <button type="button" className="nav-item" onClick={() => void onLogout()} aria-label="Logout">
            <LogOut aria-hidden="true" size={18} />
            <span className="nav-label">Logout</span>
          </button>
        </div>
      </nav>
      <div className="shell-main">
        <ImpersonationBanner />
        {superadminWithoutVenue ? (
          <Panel title="Choose a venue">
            <p>Pick a venue in the sidebar to work in it as {pickerRole}, or open the impersonation screen.</p>
            <Link className="btn btn-primary" to="/super/impersonate">Impersonate a venue</Link>
          </Panel>
        ) : superAreaWhileImpersonating ? (
          <Panel title="You are viewing a venue">
            <p>Exit impersonation to use the super admin console.</p>
          </Panel>
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
