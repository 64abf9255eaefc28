import { Trans, useLingui } from "@lingui/react/macro";
import { keepReturnTarget, useGatehouse, useProject, useUser } from "@gatehouse/clients/react";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";
import { AlreadySignedIn } from "./already-signed-in";
import { SignInMethods } from "../../components/sign-in/sign-in-methods";
import { ReturnTargetNotice } from "./return-target-notice";

export function SignInPage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Sign in`} />}>
      <SignIn />
    </Boundary>
  );
}

/** The sign-in methods the project has switched on (SPEC §1), and only those, with the way to sign up. */
function SignIn() {
  const { t } = useLingui();
  const project = useProject();
  const user = useUser();
  const { urls } = useGatehouse();
  const signUp = project.config.sign_up_enabled;
  const projectName = project.display_name;
  const title = t`Sign in to ${projectName}`;

  if (user) return <AlreadySignedIn title={title} user={user} />;

  return (
    <PageCard title={title}>
      <ReturnTargetNotice />
      <SignInMethods />
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
