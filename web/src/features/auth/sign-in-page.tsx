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
  return (
    <Boundary loading={<LoadingCard title="Sign in" />}>
      <SignIn />
    </Boundary>
  );
}

/** The sign-in methods the project has switched on (SPEC §1), and only those. */
function SignIn() {
  const project = useProject();
  const user = useUser();
  const { urls } = useGatehouse();
  const { credential_enabled: password, magic_link_enabled: emailCode, passkey_enabled: passkey, sign_up_enabled: signUp } = project.config;
  const providers = project.config.enabled_oauth_providers.length > 0;
  const title = `Sign in to ${project.display_name}`;

  if (user) return <AlreadySignedIn title={title} user={user} />;

  return (
    <PageCard title={title}>
      <ReturnTargetNotice />
      <OAuthButtons />
      <MethodTabs password={password ? <PasswordSignIn /> : null} emailCode={emailCode ? <EmailCodeSignIn /> : null} />
      <PasskeySignIn divider={password || emailCode || providers} />
      {!password && !emailCode && !passkey && !providers ? (
        <Text>Signing in is switched off for this project. Ask its administrator.</Text>
      ) : null}
      {signUp ? (
        <Text size="sm" ta="center">
          New here?{" "}
          <Anchor component={Link} to={keepReturnTarget(urls.signUp)}>
            Create an account
          </Anchor>
        </Text>
      ) : null}
    </PageCard>
  );
}
