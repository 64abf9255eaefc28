import { useUpdateUser, type CurrentUser } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { DisplayNameForm as NameForm } from "../../../components/display-name-form";
import { errorMessage } from "../../../lib/error-message";

export function DisplayNameForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const update = useUpdateUser();
  return (
    <NameForm
      name={user.display_name}
      save={(display_name, onSuccess) => update.mutate({ data: { display_name } }, { onSuccess })}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error) : null}
      savedMessage={t`Your name is saved.`}
      autoComplete="name"
    />
  );
}
