import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { FallbackProps } from "react-error-boundary";
import { Link, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { DeleteUserSection } from "./delete-user-section";
import { useProjectUser } from "./use-project-user";
import { userLabel } from "./user-badges";
import { UserApiKeysSection } from "./user-api-keys-section";
import { UserEmailsSection } from "./user-emails-section";
import { UserHeader } from "./user-header";
import { UserMetadataSection } from "./user-metadata-section";
import { UserOAuthAppsSection } from "./user-oauth-apps-section";
import { UserPasswordSection } from "./user-password-section";
import { UserProfileSection } from "./user-profile-section";
import { UserSessionsSection } from "./user-sessions-section";
import { UserTeamsSection } from "./user-teams-section";
import { UUID } from "../../../lib/uuid";

/** One user of the project, at `users/<id>`: everything an admin can see and change about them. */
export function UserDetailPage() {
  const { userId = "" } = useParams();
  const projectId = useProjectId();
  const back = dashboardPath(projectId, "users");
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          All users
        </Group>
      </Anchor>
      {UUID.test(userId) ? (
        <Boundary failed={(props) => <UserFailed {...props} back={back} />}>
          <UserDetail userId={userId} />
        </Boundary>
      ) : (
        <UserNotFound back={back} />
      )}
    </Stack>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const projectId = useProjectId();
  const user = useProjectUser(projectId, userId);
  useDocumentTitle(userLabel(user));
  return (
    <Stack gap="lg">
      <UserHeader user={user} />
      <UserProfileSection user={user} />
      <UserMetadataSection user={user} />
      <UserEmailsSection user={user} />
      <UserTeamsSection user={user} />
      <UserSessionsSection user={user} />
      <UserApiKeysSection user={user} />
      <UserOAuthAppsSection user={user} />
      <UserPasswordSection user={user} />
      <DeleteUserSection user={user} />
    </Stack>
  );
}

function UserFailed({ back, ...props }: FallbackProps & { back: string }) {
  return isKnownError(props.error, "USER_NOT_FOUND") ? <UserNotFound back={back} /> : <RetryableError {...props} />;
}

function UserNotFound({ back }: { back: string }) {
  useDocumentTitle("User not found");
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h2">
        User not found
      </Title>
      <Text>This project has no user with this id: it may have been deleted.</Text>
      <Button component={Link} to={back}>
        All users
      </Button>
    </Stack>
  );
}
