import { Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconSearch } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { focusFirstError } from "../../../lib/validation";
import { useProjectId } from "../shell/project-context";
import { CUSTOMER_TYPES, type CustomerType } from "./catalog-types";
import type { Customer } from "./customer";
import { CustomerItems } from "./customer-items";
import { CustomerProducts } from "./customer-products";
import { usePaymentsConfig } from "./use-payments-config";
import { UUID } from "../../../lib/uuid";

/** The id field's rule: users and teams are named by their UUID, custom customers by any id of your own. */
export function customerIdProblem(type: CustomerType, value: string): string | null {
  const id = value.trim();
  if (id === "") return "Enter the customer's id.";
  if (type !== "custom" && !UUID.test(id)) return `A ${type} id is a UUID, such as 3f2a…-…; copy it from the ${type}'s page.`;
  if (id.length > 256) return "Use at most 256 characters.";
  return null;
}

/**
 * Payments › Customers: one customer (a user, a team or a custom id of your own) looked up by
 * id, with the quantities of the catalog's items it holds and the products it has. The customer
 * is in the address (`?type=user&id=…`), so that it can be linked to.
 */
export function CustomersPage() {
  useDocumentTitle("Payments customers");
  const projectId = useProjectId();
  const [params, setParams] = useSearchParams();
  const type = CUSTOMER_TYPES.find((t) => t === params.get("type")) ?? "user";
  const id = params.get("id")?.trim() ?? "";
  const customer = id && !customerIdProblem(type, id) ? { type, id } : null;
  const form = useForm({
    initialValues: { type, id },
    validate: { id: (value, values) => customerIdProblem(values.type, value) },
  });
  const submit = form.onSubmit((values) => setParams({ type: values.type, id: values.id.trim() }), focusFirstError);
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="form" noValidate onSubmit={submit} aria-label="Find a customer">
        <Group align="flex-start" gap="sm">
          <Select label="Customer type" name="type" w={{ base: "100%", xs: 150 }} data={CUSTOMER_TYPES.map((value) => ({ value, label: value }))} allowDeselect={false} {...form.getInputProps("type")} />
          <TextInput label="Customer id" name="id" placeholder="User id, team id or your own id" style={{ flex: 1 }} miw={200} {...form.getInputProps("id")} />
          <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconSearch size={16} aria-hidden />}>
            Look up
          </Button>
        </Group>
      </Paper>
      {customer ? (
        <Boundary key={`${customer.type}:${customer.id}`}>
          <CustomerDetails projectId={projectId} customer={customer} />
        </Boundary>
      ) : (
        <Text c="dimmed">Enter a customer to see the items it holds and its products.</Text>
      )}
    </Stack>
  );
}

function CustomerDetails({ projectId, customer }: { projectId: string; customer: Customer }) {
  const payments = usePaymentsConfig(projectId);
  return (
    <Stack gap="xl">
      <CustomerProducts projectId={projectId} customer={customer} payments={payments} />
      <CustomerItems projectId={projectId} customer={customer} payments={payments} />
    </Stack>
  );
}
