import { Trans, useLingui } from "@lingui/react/macro";
import { keepReturnTarget, useGatehouse, useProject, useUser } from "@gatehouse/clients/react";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";
import { AlreadySignedIn } from "./already-signed-in";
import { EmailCodeSignIn } from "./email-code-sign-in";
import { MethodTabs } from "./method-tabs";
import { OAuthButtons } from "./oauth-buttons";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordSignIn } from "./password-sign-in";
import { ReturnTargetNotice } from "./return-target-notice";

export function SignInPage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Sign in`} />}>
      <SignIn />
    </Boundary>
  );
}

/** The sign-in methods the project has switched on (SPEC §1), and only those. */
function SignIn() {
  const { t } = useLingui();
  const project = useProject();
  const user = useUser();
  const { urls } = useGatehouse();
  const { credential_enabled: password, magic_link_enabled: emailCode, passkey_enabled: passkey, sign_up_enabled: signUp } = project.config;
  const providers = project.config.enabled_oauth_providers.length > 0;
  const projectName = project.display_name;
  const title = t`Sign in to ${projectName}`;

  if (user) return <AlreadySignedIn title={title} user={user} />;

  return (
    <PageCard title={title}>
      <ReturnTargetNotice />
      <OAuthButtons />
      <MethodTabs password={password ? <PasswordSignIn /> : null} emailCode={emailCode ? <EmailCodeSignIn /> : null} />
      <PasskeySignIn divider={password || emailCode || providers} />
      {!password && !emailCode && !passkey && !providers ? (
        <Text>
          <Trans>Signing in is switched off for this project. Ask its administrator.</Trans>
        </Text>
      ) : null}
      {signUp ? (
        <Text size="sm" ta="center">
          <Trans>
            New here?{" "}
            <Anchor component={Link} to={keepReturnTarget(urls.signUp)}>
              Create an account
            </Anchor>
          </Trans>
        </Text>
      ) : null}
    </PageCard>
  );
}
