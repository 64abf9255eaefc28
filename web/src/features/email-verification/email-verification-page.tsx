import {
  getGetCurrentUserQueryKey,
  useCheckContactChannelVerificationCode,
  useVerifyContactChannel,
} from "@gatehouse/clients/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { IncompleteLink, isDeadLink, LinkProblem } from "../../components/link-problem";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { useLinkCode } from "../../lib/link-code";
import { useHasSession } from "../../lib/session";
import { NewVerificationLink } from "./new-verification-link";

const LINK = "verification link";

/**
 * Where a mailed verification link leads (`?code=`). The code is checked when the page opens
 * and used only when the person confirms, so that a mail scanner opening the link does not
 * use it up; verifying needs no sign-in.
 */
export function EmailVerificationPage() {
  const code = useLinkCode();
  if (!code) {
    return (
      <IncompleteLink link={LINK}>
        <NewVerificationLink />
      </IncompleteLink>
    );
  }
  return <VerifyWithCode code={code} />;
}

function VerifyWithCode({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const signedIn = useHasSession();
  const check = useCheckContactChannelVerificationCode();
  const verify = useVerifyContactChannel({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getGetCurrentUserQueryKey() }) },
  });
  const { mutate: checkCode } = check;

  useEffect(() => {
    checkCode({ data: { code } });
  }, [checkCode, code]);

  if (verify.isSuccess) {
    return (
      <PageCard title="Your e-mail address is verified" announce>
        <p>Thank you. You can close this page, or carry on to the site.</p>
        <p className="actions">
          <Link to="/" className="button">
            {signedIn ? "Go to your account" : "Go to the home page"}
          </Link>
        </p>
      </PageCard>
    );
  }
  const deadLinkError = isDeadLink(verify.error) ? verify.error : check.error;
  if (deadLinkError) {
    return (
      <LinkProblem link={LINK} error={deadLinkError} onRetry={() => checkCode({ data: { code } })}>
        <NewVerificationLink />
      </LinkProblem>
    );
  }
  if (!check.isSuccess) return <LoadingCard title="Checking your link">Checking your verification link…</LoadingCard>;
  return (
    <PageCard title="Verify your e-mail address">
      <p>Confirm that this e-mail address is yours to finish setting up your account.</p>
      <ErrorAlert message={verify.error ? errorMessage(verify.error) : null} />
      <p className="actions">
        <button
          type="button"
          className="button"
          disabled={verify.isPending}
          aria-busy={verify.isPending}
          onClick={() => verify.mutate({ data: { code } })}
        >
          {verify.isPending ? "Verifying…" : "Verify e-mail address"}
        </button>
      </p>
    </PageCard>
  );
}
