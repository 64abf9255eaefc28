import { Trans } from "@lingui/react/macro";
import { Container, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from "react";

interface PageCardProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** While the page waits for the server. */
  busy?: boolean;
  /**
   * Move the keyboard and screen-reader focus to the title when the card appears: for
   * outcomes that replace the form the person was using (sent, changed, verified).
   */
  announce?: boolean;
}

/**
 * Japanese has no spaces between words, so a heading would wrap in the middle of one
 * ("サインイ|ン"); `auto-phrase` wraps it between phrases where the browser can (other
 * languages and browsers wrap as usual).
 */
const HEADING_STYLE = { outline: "none", wordBreak: "auto-phrase" } as unknown as CSSProperties;

/** One handler page's card, centred: its heading is also the browser tab's title. */
export function PageCard({ title, description, children, busy = false, announce = false }: PageCardProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);
  return (
    <Container size={440} px={0} py={{ base: "md", sm: 48 }}>
      <Paper component="section" withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} aria-labelledby={headingId} aria-busy={busy || undefined}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2" id={headingId} ref={heading} tabIndex={-1} style={HEADING_STYLE}>
              {title}
            </Title>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** A page waiting for the server. */
export function LoadingCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageCard title={title} busy>
      <Loading>{children}</Loading>
    </PageCard>
  );
}

/** A spinner with a line saying what is loading, announced politely. */
export function Loading({ children }: { children?: ReactNode }) {
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{children ?? <Trans>One moment…</Trans>}</Text>
    </Group>
  );
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Gatehouse`;
  }, [title]);
}
