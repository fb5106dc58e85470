import { NavLink, Outlet } from 'react-router-dom';
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
] as const;

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
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
