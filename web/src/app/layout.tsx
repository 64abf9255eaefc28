import { Link, Outlet } from "react-router";
import { useHasSession } from "../lib/session";
import { handlerPath } from "../lib/handler-paths";

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
            <Link to={handlerPath("sign-out")}>Sign out</Link>
          ) : (
            <>
              <Link to={handlerPath("sign-in")}>Sign in</Link>
              <Link to={handlerPath("sign-up")} className="nav-cta">
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
