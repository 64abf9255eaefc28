import { isKnownError, type KnownErrorCode } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/error-message";
import { ErrorAlert } from "./error-alert";
import { PageCard } from "./page-card";

/** What each verification-code refusal means for a link someone opened from an e-mail (SPEC §4). */
const DEAD_LINKS: { readonly [C in KnownErrorCode]?: { title: (link: string) => string; explanation: string } } = {
  VERIFICATION_CODE_NOT_FOUND: {
    title: (link) => `This ${link} is not valid`,
    explanation: "It may have been cut short when it was copied, or a newer e-mail replaced it.",
  },
  VERIFICATION_CODE_EXPIRED: {
    title: (link) => `This ${link} has expired`,
    explanation: "For your safety, links like this one only work for a limited time.",
  },
  VERIFICATION_CODE_ALREADY_USED: {
    title: (link) => `This ${link} has already been used`,
    explanation: "Each link works only once.",
  },
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: {
    title: (link) => `This ${link} is blocked`,
    explanation: "It was tried too many times, so it no longer works.",
  },
};

function deadLink(error: unknown) {
  return isKnownError(error) ? DEAD_LINKS[error.code] : undefined;
}

/** True when the server refused the link's code itself, as opposed to failing to answer. */
export function isDeadLink(error: unknown): boolean {
  return deadLink(error) !== undefined;
}

interface LinkProblemProps {
  /** What the link is for, in words: "verification link", "sign-in link". */
  link: string;
  error: unknown;
  /** Asks again, for failures that were not about the code (network, rate limit). */
  onRetry?: () => void;
  /** What the person can do next. */
  children?: ReactNode;
}

/** The page for a link that cannot be used, or could not be checked. */
export function LinkProblem({ link, error, onRetry, children }: LinkProblemProps) {
  const dead = deadLink(error);
  if (dead) {
    return (
      <PageCard title={dead.title(link)} announce>
        <Text>{dead.explanation}</Text>
        {children}
      </PageCard>
    );
  }
  return (
    <PageCard title={`Something went wrong with this ${link}`} announce>
      <ErrorAlert message={errorMessage(error)} />
      {onRetry ? (
        <Group>
          <Button onClick={onRetry}>Try again</Button>
        </Group>
      ) : null}
      {children}
    </PageCard>
  );
}

/** The page for a link that arrived without its code. */
export function IncompleteLink({ link, children }: { link: string; children?: ReactNode }) {
  return (
    <PageCard title={`This ${link} is incomplete`}>
      <Text>Open the link from the e-mail again. If your mail program split it over two lines, copy the whole link.</Text>
      {children}
    </PageCard>
  );
}
