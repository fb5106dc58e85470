import { Link, NavLink, Outlet } from 'react-router-dom';
import { useSession, useSessionState } from '../session.js';

const NAV = [
  ['/', 'Overview'],
  ['/tokens', 'API tokens'],
  ['/webhooks', 'Webhook endpoints'],
  ['/events', 'Events'],
  ['/customers', 'Customers'],
  ['/mandate-requests', 'Mandate requests'],
  ['/mandates', 'Mandates'],
  ['/payments', 'Payments'],
  ['/refunds', 'Refunds'],
  ['/schedules', 'Schedules'],
  ['/team', 'Team'],
  ['/audit-log', 'Audit log'],
  ['/account', 'Account'],
] as const;

/** Links only owners have use for (the gateway refuses the rest of the team anyway). */
const OWNERS_ONLY = new Set<string>(['/audit-log']);

/** Every signed-in page: a skip link, the header with who and where, the navigation and the page. */
export function Layout() {
  const { session } = useSession();
  const { signOut } = useSessionState();
  const sandbox = session.environment === 'sandbox';
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="topbar">
        <div className="brand">
          <span className="brand-name">{session.merchant.name}</span>
          <span className={`env-badge ${sandbox ? 'env-sandbox' : 'env-production'}`}>{sandbox ? 'Sandbox' : 'Production'}</span>
        </div>
        <div className="who">
          <span className="muted">{session.user.email}</span>
          <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <div className="body">
        <nav className="sidenav" aria-label="Main">
          <ul>
            {NAV.filter(([to]) => session.user.role === 'owner' || !OWNERS_ONLY.has(to)).map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" tabIndex={-1}>
          {session.two_factor_setup_required ? (
            <p className="alert alert-info" role="status">
              Owners must sign in with a second factor: <Link to="/account">set up two-factor sign-in</Link> to use the console.
            </p>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
