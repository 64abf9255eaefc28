import { useEffect, useId, useRef, type ReactNode } from "react";

interface PageCardProps {
  title: string;
  children?: ReactNode;
  /** While the page waits for the server. */
  busy?: boolean;
  /**
   * Move the keyboard and screen-reader focus to the title when the card appears: for
   * outcomes that replace the form the person was using (sent, changed, verified).
   */
  announce?: boolean;
}

/** One page's card: its heading is also the browser tab's title. */
export function PageCard({ title, children, busy = false, announce = false }: PageCardProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);
  return (
    <section className="card" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A page waiting for the server. */
export function LoadingCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageCard title={title} busy>
      <p className="loading">
        <span className="spinner" aria-hidden="true" />
        {children ?? "One moment…"}
      </p>
    </PageCard>
  );
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Gatehouse`;
  }, [title]);
}
