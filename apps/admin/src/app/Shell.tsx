import { Link, NavLink, Outlet } from 'react-router';
import { sessionAllows } from '../features/auth/gate';
import { useSession, useSignOut } from '../features/auth/session';
import { useInboxLive, useWaitingCount } from '../features/inbox/queries';
import { useDeadJobCount } from '../features/jobs/queries';
import { usePendingTransferCount } from '../features/payments/queries';
import { usePendingCount } from '../features/quotations/queries';
import { ShopBanners } from './ShopBanners';

/** The back office's frame: navigation, who is signed in (a link to their account), sign out, and the screen. */
export function Shell() {
  const { data: session } = useSession();
  const signOut = useSignOut();
  const profile = session?.profile;
  const pendingQuotations = usePendingCount();
  const pendingTransfers = usePendingTransferCount();
  const deadJobs = useDeadJobCount();
  const waitingConversations = useWaitingCount();
  // The Messages count follows every conversation live, on every screen.
  useInboxLive();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ShopBanners owner={sessionAllows(session, 'owner')} />
      <header className="topbar">
        <Link to="/products" className="brand">
          Kedai back office
        </Link>
        <nav className="nav" aria-label="Back office">
          <ul>
            <li>
              <NavLink to="/products">Products</NavLink>
            </li>
            <li>
              <NavLink to="/orders">Orders</NavLink>
            </li>
            <li>
              <NavLink to="/payments">
                Payments
                <CountBadge count={pendingTransfers} what="transfers to confirm" />
              </NavLink>
            </li>
            <li>
              <NavLink to="/inbox">
                Messages
                <CountBadge count={waitingConversations} what="waiting for an answer" />
              </NavLink>
            </li>
            <li>
              <NavLink to="/quotations">
                Quotations
                <CountBadge count={pendingQuotations} what="pending" />
              </NavLink>
            </li>
            <li>
              <NavLink to="/vouchers">Vouchers</NavLink>
            </li>
            <li>
              <NavLink to="/categories">Categories</NavLink>
            </li>
            <li>
              <NavLink to="/merchants">Merchants</NavLink>
            </li>
            <li>
              <NavLink to="/home-page">Home page</NavLink>
            </li>
            <li>
              <NavLink to="/help-pages">Help pages</NavLink>
            </li>
            <li>
              <NavLink to="/jobs">
                Jobs
                <CountBadge count={deadJobs} what="failed" />
              </NavLink>
            </li>
            {sessionAllows(session, 'owner') ? (
              <>
                <li>
                  <NavLink to="/staff">Staff</NavLink>
                </li>
                <li>
                  <NavLink to="/settings">Settings</NavLink>
                </li>
                <li>
                  <NavLink to="/audit">Audit log</NavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <div className="account">
          {/* The member's name opens their own account: its recovery codes and second factor. */}
          {profile ? (
            <NavLink to="/account" title="Your account and sign-in security">
              {`${profile.firstName} ${profile.lastName}`.trim() || profile.email}
              <span className="visually-hidden">, {profile.role}: your account</span>
            </NavLink>
          ) : null}
          <button type="button" className="linklike" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** How many items wait for staff behind a link ("99+" past 99), read out with `what` they are; nothing when none or unknown. */
function CountBadge({ count, what }: { count: number | null; what: string }) {
  if (!count) return null;
  return (
    <>
      {' '}
      <span className="badge badge--count">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden"> {what}</span>
    </>
  );
}
