import type { CurrentUser, Team } from "@gatehouse/clients/react";
import { Accordion, Avatar, Text } from "@mantine/core";
import { Boundary } from "../../../components/boundary";
import { TeamTitle } from "../../../components/team-title";
import { TeamPanel } from "./team-panel";

interface TeamListProps {
  teams: Team[];
  user: CurrentUser;
  openTeamId: string | null;
  onOpen: (teamId: string | null) => void;
}

/** One item per team; opening one puts it in the URL, and only the open one reads its details. */
export function TeamList({ teams, user, openTeamId, onOpen }: TeamListProps) {
  return (
    <Accordion variant="separated" order={3} value={openTeamId} onChange={onOpen} keepMounted={false}>
      {teams.map((team) => (
        <Accordion.Item key={team.id} value={team.id}>
          <Accordion.Control icon={<Avatar src={team.profile_image_url} name={team.display_name} color="initials" size="md" alt="" aria-hidden />}>
            <TeamTitle
              name={
                <Text fw={500} className="break-anywhere">
                  {team.display_name}
                </Text>
              }
              selected={team.id === user.selected_team_id}
            />
          </Accordion.Control>
          <Accordion.Panel>
            <Boundary>
              <TeamPanel team={team} user={user} onLeft={() => onOpen(null)} />
            </Boundary>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
