import { Trans, useLingui } from "@lingui/react/macro";
import { useCheckEmailVerificationCode, useGatehouse, useUser, useVerifyEmail } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { IncompleteLink, isDeadLink, LinkProblem } from "../../components/link-problem";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { useLinkCode } from "../../lib/link-code";
import { NewVerificationLink } from "./new-verification-link";

const LINK = "verification" as const;

/**
 * Where a mailed verification link leads (`?code=`). The code is checked when the page opens
 * and used only when the person confirms, so that a mail scanner opening the link does not
 * use it up; verifying needs no sign-in.
 */
export function EmailVerificationPage() {
  const { t } = useLingui();
  const code = useLinkCode();
  return (
    <Boundary loading={<LoadingCard title={t`Checking your link`} />}>
      {code ? (
        <VerifyWithCode code={code} />
      ) : (
        <IncompleteLink link={LINK}>
          <NewVerificationLink />
        </IncompleteLink>
      )}
    </Boundary>
  );
}

function VerifyWithCode({ code }: { code: string }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const user = useUser();
  const check = useCheckEmailVerificationCode();
  const verify = useVerifyEmail();
  const { mutate: checkCode } = check;

  useEffect(() => {
    checkCode({ data: { code } });
  }, [checkCode, code]);

  if (verify.isSuccess) {
    return (
      <PageCard title={t`Your e-mail address is verified`} announce>
        <Text>
          <Trans>Thank you. You can close this page, or carry on to the site.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={user ? `${urls.accountSettings}#emails` : urls.home}>
            {user ? <Trans>Go to your account</Trans> : <Trans>Go to the home page</Trans>}
          </Button>
        </Group>
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
  if (!check.isSuccess) {
    return (
      <LoadingCard title={t`Checking your link`}>
        <Trans>Checking your verification link…</Trans>
      </LoadingCard>
    );
  }
  return (
    <PageCard title={t`Verify your e-mail address`} description={t`Confirm that this e-mail address is yours to finish setting up your account.`}>
      <ErrorAlert message={verify.error ? errorMessage(verify.error) : null} />
      <Group>
        <Button loading={verify.isPending} onClick={() => verify.mutate({ data: { code } })}>
          <Trans>Verify e-mail address</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
