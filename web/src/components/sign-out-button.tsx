import { useGatehouse } from "@gatehouse/clients/react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@mantine/core";
import { Link } from "react-router";

/** A link to the sign-out page, as a quiet button beside a page's main action. */
export function SignOutButton() {
  const { urls } = useGatehouse();
  return (
    <Button component={Link} to={urls.signOut} variant="default">
      <Trans>Sign out</Trans>
    </Button>
  );
}
