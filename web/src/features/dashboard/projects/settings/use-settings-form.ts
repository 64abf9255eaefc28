import type { api } from "@gatehouse/clients/react";
import { useForm, type FormValidateInput } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { focusFirstError } from "../../../../lib/validation";
import { useUpdateAdminProject } from "./use-project-settings";

interface SettingsFormOptions<Values> {
  title: string;
  initialValues: Values;
  validate?: FormValidateInput<Values>;
  /** The PATCH body that saves the values: only this group's keys. */
  toUpdate: (values: Values) => api.ProjectUpdate;
}

/**
 * A group's form and its save. Each group has its own mutation, so a refusal shows in the
 * group that caused it; once saved, what was sent is the new clean state.
 */
export function useSettingsForm<Values extends Record<string, unknown>>(projectId: string, { title, initialValues, validate, toUpdate }: SettingsFormOptions<Values>) {
  const update = useUpdateAdminProject(projectId);
  const form = useForm<Values>({ initialValues, validate });
  const onSubmit = form.onSubmit(
    (values) =>
      update.mutate({ data: toUpdate(values) }, {
        onSuccess: () => {
          form.setInitialValues(values);
          form.resetDirty(values);
          notifications.show({ message: `${title} saved.`, color: "green" });
        },
      }),
    focusFirstError,
  );
  return { form, groupProps: { title, onSubmit, saving: update.isPending, error: update.error, dirty: form.isDirty() } };
}
