import { Trans, useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { isKnownError, keepReturnTarget, useGatehouse, useProject, useSignUpWithPassword, useUser } from "@gatehouse/clients/react";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerUrl } from "../../lib/handler-paths";
import { newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/validation";
import { AlreadySignedIn } from "./already-signed-in";
import { CredentialsForm, type Credentials } from "../../components/sign-in/credentials-form";
import { EmailCodeSignIn } from "../../components/sign-in/email-code-sign-in";
import { MethodTabs } from "../../components/sign-in/method-tabs";
import { OAuthButtons } from "../../components/sign-in/oauth-buttons";
import { ReturnTargetNotice } from "./return-target-notice";

export function SignUpPage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Create an account`} />}>
      <SignUp />
    </Boundary>
  );
}

function SignUp() {
  const { t } = useLingui();
  const project = useProject();
  const user = useUser();
  const { urls } = useGatehouse();
  const { credential_enabled: password, magic_link_enabled: emailCode } = project.config;
  const projectName = project.display_name;
  const title = t`Create your ${projectName} account`;

  if (user) return <AlreadySignedIn title={title} user={user} />;
  if (!project.config.sign_up_enabled) {
    return (
      <PageCard title={t`Sign-up is closed`}>
        <Text>
          <Trans>New accounts cannot be created for {projectName} right now.</Trans>
        </Text>
        <Text size="sm">
          <Trans>
            Have an account?{" "}
            <Anchor component={Link} to={keepReturnTarget(urls.signIn)}>
              Sign in
            </Anchor>
          </Trans>
        </Text>
      </PageCard>
    );
  }
  return (
    <PageCard title={title}>
      <ReturnTargetNotice />
      <OAuthButtons />
      <MethodTabs password={password ? <PasswordSignUp /> : null} emailCode={emailCode ? <EmailCodeSignIn /> : null} />
      <Text size="sm" ta="center">
        <Trans>
          Already have an account?{" "}
          <Anchor component={Link} to={keepReturnTarget(urls.signIn)}>
            Sign in
          </Anchor>
        </Trans>
      </Text>
    </PageCard>
  );
}

function PasswordSignUp() {
  const { t } = useLingui();
  const signUp = useSignUpWithPassword();
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  // The verification e-mail links to this site's email-verification page. A project that does
  // not trust this site's address refuses that link; as the Stack SDKs do (SPEC §4), sign up
  // without it rather than not at all.
  const submit = (credentials: Credentials) => {
    signUp.mutate(
      { data: { ...credentials, verification_callback_url: handlerUrl("emailVerification") } },
      {
        // Shown over whichever page sign-up goes on to, so that the e-mail does not come as a surprise.
        onSuccess: () => {
          const email = credentials.email;
          notifications.show({ title: t`Check your inbox`, message: t`A link to verify ${email} is on its way.`, autoClose: 10_000 });
        },
        onError: (error) => {
          if (!isKnownError(error, "REDIRECT_URL_NOT_WHITELISTED")) return;
          console.warn("This site is not a trusted domain of the project: signing up without a verification e-mail.");
          signUp.mutate({ data: credentials });
        },
      },
    );
  };
  return (
    <CredentialsForm
      submitLabel={t`Sign up`}
      passwordAutoComplete="new-password"
      passwordProblem={newPasswordProblem}
      passwordHint={t`${min} to ${max} characters.`}
      pending={signUp.isPending || signUp.isSuccess}
      error={signUp.error && !isKnownError(signUp.error, "REDIRECT_URL_NOT_WHITELISTED") ? errorMessage(signUp.error) : null}
      onSubmit={submit}
    />
  );
}
