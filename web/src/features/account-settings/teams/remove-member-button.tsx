import { useRemoveTeamMember } from "@gatehouse/clients/react";
import { RemoveMemberButton as RemoveButton } from "../../../components/remove-member-button";

interface RemoveMemberButtonProps {
  teamId: string;
  teamName: string;
  userId: string;
  name: string;
}

export function RemoveMemberButton({ teamId, teamName, userId, name }: RemoveMemberButtonProps) {
  const remove = useRemoveTeamMember();
  return (
    <RemoveButton
      name={name}
      teamName={teamName}
      remove={() => remove.mutateAsync({ teamId, userId })}
      consequence="To come back, they need a new invitation."
    />
  );
}
