import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { Layout } from './components/layout.js';
import { CustomerPage } from './pages/customer-detail.js';
import { CustomersPage } from './pages/customers.js';
import { MandateRequestsPage } from './pages/mandate-requests.js';
import { PageHeader } from './components/ui.js';
import { AcceptInvitePage } from './pages/accept-invite.js';
import { EndpointPage } from './pages/endpoint-detail.js';
import { EndpointsPage } from './pages/endpoints.js';
import { EventPage } from './pages/event-detail.js';
import { EventsPage } from './pages/events.js';
import { MandatePage } from './pages/mandate-detail.js';
import { MandatesPage } from './pages/mandates.js';
import { OverviewPage } from './pages/overview.js';
import { PaymentPage } from './pages/payment-detail.js';
import { PaymentsPage } from './pages/payments.js';
import { RefundPage } from './pages/refund-detail.js';
import { RefundsPage } from './pages/refunds.js';
import { SchedulePage } from './pages/schedule-detail.js';
import { SchedulesPage } from './pages/schedules.js';
import { SignInPage } from './pages/sign-in.js';
import { TeamPage } from './pages/team.js';
import { AccountPage } from './pages/account.js';
import { AuditLogPage } from './pages/audit-log.js';
import { TokensPage } from './pages/tokens.js';
import { SessionProvider, useSessionState } from './session.js';

function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        Nothing lives at this address. <Link to="/">Back to the overview</Link>.
      </p>
    </>
  );
}

/** Signed out, every address shows the sign-in form (and comes back to that address after). */
function Gate() {
  const { state } = useSessionState();
  if (state.status === 'loading') return <p className="muted loading">Loading…</p>;
  if (state.status === 'signed-out') return <SignInPage {...(state.reason ? { reason: state.reason } : {})} />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<OverviewPage />} />
        <Route path="tokens" element={<TokensPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="webhooks" element={<EndpointsPage />} />
        <Route path="webhooks/:id" element={<EndpointPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="events/:id" element={<EventPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:id" element={<CustomerPage />} />
        <Route path="mandate-requests" element={<MandateRequestsPage />} />
        <Route path="mandates" element={<MandatesPage />} />
        <Route path="mandates/:id" element={<MandatePage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="payments/:id" element={<PaymentPage />} />
        <Route path="refunds" element={<RefundsPage />} />
        <Route path="refunds/:id" element={<RefundPage />} />
        <Route path="schedules" element={<SchedulesPage />} />
        <Route path="schedules/:id" element={<SchedulePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Navigation updates the page at once (no transitions): a page never shows the previous
 * address's content, or a list the rows of the previous filters, under a new URL.
 */
export function App() {
  return (
    <BrowserRouter basename="/console" useTransitions={false}>
      <SessionProvider>
        <Routes>
          <Route path="accept-invite" element={<AcceptInvitePage />} />
          <Route path="*" element={<Gate />} />
        </Routes>
      </SessionProvider>
    </BrowserRouter>
  );
}
