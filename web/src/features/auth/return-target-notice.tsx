import { Trans, useLingui } from "@lingui/react/macro";
import { readReturnTarget, useProject } from "@gatehouse/clients/react";
import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useLocation } from "react-router";

/**
 * Says so when the link that opened this page asks to return to a site the project does not
 * trust: the sign-in still works, and lands on the project's own page instead (SPEC §5).
 */
export function ReturnTargetNotice() {
  const { t } = useLingui();
  const project = useProject();
  const { search } = useLocation();
  const target = readReturnTarget(search, project.config, window.location.origin);
  if (target.kind !== "untrusted") return null;
  const url = target.url;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t`This link's return address is not trusted`} role="alert" data-testid="untrusted-return-target">
      {/* SPEC §5's message for an untrusted return address, in the page's language. */}
      <Trans>
        Redirect URL {url} is not trusted; should be relative. After signing in you will stay on this site.
      </Trans>
    </Alert>
  );
}
