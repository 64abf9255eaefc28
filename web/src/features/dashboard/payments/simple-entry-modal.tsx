import { Modal, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { focusFirstError } from "../../../lib/validation";
import { useSaveThenClose } from "../../../lib/use-save-then-close";
import { displayNameProblem, idProblem } from "./catalog-rules";
import { CUSTOMER_TYPES, type CustomerType } from "./catalog-types";
import { FormActions } from "../../../components/form-actions";

export interface SimpleEntry {
  id: string;
  displayName?: string;
  customerType?: CustomerType;
}

interface SimpleEntryModalProps {
  /** A product line or an item: both have an id, a name and a customer type. */
  kind: "productLine" | "item";
  /** The entry being changed; null to add one; undefined when closed. */
  entry: SimpleEntry | null | undefined;
  /** Ids already in use (an added entry may not take one). */
  takenIds: string[];
  onClose: () => void;
  /** Saves it; the modal closes when this resolves and shows the server's message when it fails. */
  onSave: (entry: Required<Pick<SimpleEntry, "id">> & SimpleEntry) => Promise<unknown>;
}

const WORDS = { productLine: "product line", item: "item" } as const;

/** Adds or changes a product line or an item (id, name, customer type). */
export function SimpleEntryModal({ kind, entry, ...props }: SimpleEntryModalProps) {
  const title = entry ? `Change the ${WORDS[kind]}` : `Add ${kind === "item" ? "an item" : "a product line"}`;
  return (
    <Modal opened={entry !== undefined} onClose={props.onClose} title={title} centered>
      {entry !== undefined ? <SimpleEntryForm key={entry?.id ?? "new"} kind={kind} entry={entry} {...props} /> : null}
    </Modal>
  );
}

function SimpleEntryForm({ kind, entry, takenIds, onClose, onSave }: SimpleEntryModalProps & { entry: SimpleEntry | null }) {
  const { error, saving, run } = useSaveThenClose(onClose);
  const form = useForm({
    initialValues: { id: entry?.id ?? "", displayName: entry?.displayName ?? "", customerType: entry?.customerType ?? "user" },
    validate: {
      id: (value) => (entry ? null : idProblem(value, WORDS[kind], takenIds)),
      displayName: displayNameProblem,
    },
  });
  const submit = form.onSubmit((values) => run(() => onSave({ id: values.id.trim(), displayName: values.displayName.trim() || undefined, customerType: values.customerType })), focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Id" name="id" description="Letters, digits, underscores and hyphens; it cannot change later." disabled={entry !== null} data-autofocus {...form.getInputProps("id")} />
        <TextInput label="Display name" name="displayName" description="Optional: what people see." {...form.getInputProps("displayName")} />
        <Select
          label="Customer type"
          name="customerType"
          description={kind === "item" ? "Who holds quantities of it." : "Whose products it holds: its products are all for this customer type."}
          data={CUSTOMER_TYPES.map((value) => ({ value, label: value }))}
          allowDeselect={false}
          {...form.getInputProps("customerType")}
        />
        <FormActions error={error} onCancel={onClose} pending={saving} submitLabel={entry ? `Save ${WORDS[kind]}` : `Add ${WORDS[kind]}`} />
      </Stack>
    </form>
  );
}
