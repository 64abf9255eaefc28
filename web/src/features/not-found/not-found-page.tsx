import { Link } from "react-router";
import { PageCard } from "../../components/page-card";

/** Every path the app has no page for; the server answers these with status 404. */
export function NotFoundPage() {
  return (
    <PageCard title="Page not found">
      <p>There is nothing at this address. The link may be mistyped, or the page may have moved.</p>
      <p className="actions">
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </PageCard>
  );
}
