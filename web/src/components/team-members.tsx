import { isKnownError, useRemoveTeamMember, useTeamMembers, type CurrentUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Badge, Group, Stack, Text } from "@mantine/core";
import { Boundary, RetryableError } from "./boundary";
import { RemoveMemberButton } from "./remove-member-button";

interface TeamMembersProps {
  teamId: string;
  teamName: string;
  user: CurrentUser;
  /** `$read_members`: without it the server shows nobody the member list. */
  canRead: boolean;
  /** `$remove_members`. */
  canRemove: boolean;
}

export function TeamMembers({ canRead, ...props }: TeamMembersProps) {
  if (!canRead) return <NotAllowed />;
  return (
    <Boundary failed={(failure) => (isKnownError(failure.error, "TEAM_PERMISSION_REQUIRED") ? <NotAllowed /> : <RetryableError {...failure} />)}>
      <MemberList {...props} />
    </Boundary>
  );
}

function NotAllowed() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>Only members allowed to see who is in this team can see its member list. Ask a team administrator if you need it.</Trans>
    </Text>
  );
}

function MemberList({ teamId, teamName, user, canRemove }: Omit<TeamMembersProps, "canRead">) {
  const members = useTeamMembers(teamId);
  const remove = useRemoveTeamMember();
  const { t } = useLingui();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Members of ${teamName}`}>
      {members.map((member) => {
        const you = member.user_id === user.id;
        // Someone with no name anywhere is still the user's own row: show what they sign in with.
        const name = member.display_name ?? (you ? (user.primary_email ?? t`You`) : t`Member without a name`);
        return (
          <Group component="li" key={member.user_id} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={member.profile_image_url} name={member.display_name || you ? name : undefined} color="initials" alt="" aria-hidden />
              <Text size="sm" fw={you ? 600 : undefined} c={member.display_name || you ? undefined : "dimmed"} truncate>
                {name}
              </Text>
              {you ? (
                <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                  <Trans>You</Trans>
                </Badge>
              ) : null}
            </Group>
            {canRemove && !you ? (
              <RemoveMemberButton
                name={name}
                teamName={teamName}
                remove={() => remove.mutateAsync({ teamId, userId: member.user_id })}
                consequence={t`To come back, they need a new invitation.`}
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
