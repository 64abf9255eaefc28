import type { api } from "@gatehouse/clients/react";
import { DisplayNameForm } from "../../../components/display-name-form";
import { useProjectId } from "../shell/project-context";
import { useUpdateProjectUser } from "./use-project-user";
import { userErrorMessage } from "./user-error-message";

export function UserDisplayNameForm({ user }: { user: api.ServerUser }) {
  const update = useUpdateProjectUser(useProjectId());
  return (
    <DisplayNameForm
      name={user.display_name}
      save={(display_name, onSuccess) => update.mutate({ userId: user.id, data: { display_name } }, { onSuccess })}
      saving={update.isPending}
      error={update.error ? userErrorMessage(update.error) : null}
      savedMessage="The display name is saved."
      autoComplete="off"
    />
  );
}
