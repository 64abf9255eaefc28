import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is nothing at this address. Go to the <Link to="/">home page</Link>.
      </p>
    </section>
  );
}
