import { isKnownError, type KnownErrorCode } from "@gatehouse/clients/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/error-message";
import { ErrorAlert } from "./error-alert";
import { PageCard } from "./page-card";

/** The kinds of link a person opens from an e-mail; each page's headings name its kind. */
export type LinkKind = "verification" | "sign-in" | "password-reset";

type DeadCode = "VERIFICATION_CODE_NOT_FOUND" | "VERIFICATION_CODE_EXPIRED" | "VERIFICATION_CODE_ALREADY_USED" | "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED";

/**
 * The headings of a link's page, written out whole for each kind of link so that every language
 * can word them in its own grammar.
 */
const TITLES: Record<LinkKind, Record<DeadCode | "failed" | "incomplete", MessageDescriptor>> = {
  verification: {
    VERIFICATION_CODE_NOT_FOUND: msg`This verification link is not valid`,
    VERIFICATION_CODE_EXPIRED: msg`This verification link has expired`,
    VERIFICATION_CODE_ALREADY_USED: msg`This verification link has already been used`,
    VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This verification link is blocked`,
    failed: msg`Something went wrong with this verification link`,
    incomplete: msg`This verification link is incomplete`,
  },
  "sign-in": {
    VERIFICATION_CODE_NOT_FOUND: msg`This sign-in link is not valid`,
    VERIFICATION_CODE_EXPIRED: msg`This sign-in link has expired`,
    VERIFICATION_CODE_ALREADY_USED: msg`This sign-in link has already been used`,
    VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This sign-in link is blocked`,
    failed: msg`Something went wrong with this sign-in link`,
    incomplete: msg`This sign-in link is incomplete`,
  },
  "password-reset": {
    VERIFICATION_CODE_NOT_FOUND: msg`This password reset link is not valid`,
    VERIFICATION_CODE_EXPIRED: msg`This password reset link has expired`,
    VERIFICATION_CODE_ALREADY_USED: msg`This password reset link has already been used`,
    VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This password reset link is blocked`,
    failed: msg`Something went wrong with this password reset link`,
    incomplete: msg`This password reset link is incomplete`,
  },
};

/** What each verification-code refusal means for a link someone opened from an e-mail (SPEC §4). */
const EXPLANATIONS: Record<DeadCode, MessageDescriptor> = {
  VERIFICATION_CODE_NOT_FOUND: msg`It may have been cut short when it was copied, or a newer e-mail replaced it.`,
  VERIFICATION_CODE_EXPIRED: msg`For your safety, links like this one only work for a limited time.`,
  VERIFICATION_CODE_ALREADY_USED: msg`Each link works only once.`,
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`It was tried too many times, so it no longer works.`,
};

const isDeadCode = (code: KnownErrorCode): code is DeadCode => code in EXPLANATIONS;

function deadLink(error: unknown): DeadCode | undefined {
  return isKnownError(error) && isDeadCode(error.code) ? error.code : undefined;
}

/** True when the server refused the link's code itself, as opposed to failing to answer. */
export function isDeadLink(error: unknown): boolean {
  return deadLink(error) !== undefined;
}

interface LinkProblemProps {
  /** What the link is for. */
  link: LinkKind;
  error: unknown;
  /** Asks again, for failures that were not about the code (network, rate limit). */
  onRetry?: () => void;
  /** What the person can do next. */
  children?: ReactNode;
}

/** The page for a link that cannot be used, or could not be checked. */
export function LinkProblem({ link, error, onRetry, children }: LinkProblemProps) {
  const { i18n } = useLingui();
  const dead = deadLink(error);
  if (dead) {
    return (
      <PageCard title={i18n._(TITLES[link][dead])} announce>
        <Text>{i18n._(EXPLANATIONS[dead])}</Text>
        {children}
      </PageCard>
    );
  }
  return (
    <PageCard title={i18n._(TITLES[link].failed)} announce>
      <ErrorAlert message={errorMessage(error)} />
      {onRetry ? (
        <Group>
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      ) : null}
      {children}
    </PageCard>
  );
}

/** The page for a link that arrived without its code. */
export function IncompleteLink({ link, children }: { link: LinkKind; children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <PageCard title={i18n._(TITLES[link].incomplete)}>
      <Text>
        <Trans>Open the link from the e-mail again. If your mail program split it over two lines, copy the whole link.</Trans>
      </Text>
      {children}
    </PageCard>
  );
}
