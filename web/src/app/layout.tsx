import { Link, Outlet } from "react-router";
import { useHasSession } from "../lib/session";

export function Layout() {
  const signedIn = useHasSession();
  return (
    <div className="shell">
      <header className="topbar">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Gatehouse
        </Link>
        <nav aria-label="Account">
          {signedIn ? (
            <Link to="/handler/sign-out">Sign out</Link>
          ) : (
            <>
              <Link to="/handler/sign-in">Sign in</Link>
              <Link to="/handler/sign-up" className="nav-cta">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
