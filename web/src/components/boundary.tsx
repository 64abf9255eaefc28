import { Trans } from "@lingui/react/macro";
import { Button, Stack } from "@mantine/core";
import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { errorMessage } from "../lib/error-message";
import { ErrorAlert } from "./error-alert";
import { Loading } from "./page-card";

interface BoundaryProps {
  children: ReactNode;
  /** Shown while what is inside loads; a spinner by default, nothing for null. */
  loading?: ReactNode;
  /** Shown when it fails, instead of the known error's message with a retry button. */
  failed?: (props: FallbackProps) => ReactNode;
}

/**
 * The loading and error states of everything inside: the client library's reads suspend while
 * they load and throw when they fail. "Try again" reads once more.
 */
export function Boundary({ children, loading, failed }: BoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} fallbackRender={failed ?? RetryableError}>
          <Suspense fallback={loading === undefined ? <Loading /> : loading}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** The default failure: the known error's message and a button that reads again. */
export function RetryableError({ error, resetErrorBoundary }: FallbackProps) {
  return (
    <Stack gap="sm" align="flex-start">
      <ErrorAlert message={errorMessage(error)} />
      <Button variant="default" onClick={resetErrorBoundary}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}
