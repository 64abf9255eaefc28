import { Checkbox, Radio, Select, Stack, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { GRANTS, SERVER_SCOPES, TYPE_DESCRIPTIONS, TYPE_LABELS } from "./app-labels";
import { signsUsersIn, type AppFormValues } from "./app-form";

const REDIRECT_RULES =
  "One per line, compared exactly. Use https, http only on localhost, 127.0.0.1 or [::1], or a mobile or desktop app's reverse-domain scheme (com.example.app:/callback). No # fragment, no * wildcard.";

interface AppFieldsProps {
  form: UseFormReturnType<AppFormValues>;
  /** A new app chooses its type; an existing one keeps it. */
  isNew: boolean;
}

/** The fields of an app, for the create dialog and the app's page. */
export function AppFields({ form, isNew }: AppFieldsProps) {
  const { values } = form;
  const signsIn = signsUsersIn(values.grants);
  const setType = (type: AppFormValues["type"]) => {
    form.setFieldValue("type", type);
    // Only a secret proves client credentials: a public app cannot keep that grant.
    if (type === "public") form.setFieldValue("grants", values.grants.filter((grant) => grant !== "client_credentials"));
  };
  return (
    <Stack gap="md">
      <TextInput label="Name" name="displayName" description="Users see it when the app asks them to sign in." required data-autofocus {...form.getInputProps("displayName")} />
      {isNew ? (
        <Radio.Group label="Type" name="type" value={values.type} onChange={(value) => setType(value as AppFormValues["type"])}>
          <Stack gap="xs" mt={6}>
            {(["confidential", "public"] as const).map((type) => (
              <Radio key={type} value={type} label={TYPE_LABELS[type]} description={TYPE_DESCRIPTIONS[type]} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {isNew && values.type === "confidential" ? (
        <Select
          label="How it sends its secret"
          name="secretMethod"
          data={[
            { value: "client_secret_basic", label: "HTTP Basic (client_secret_basic)" },
            { value: "client_secret_post", label: "Request body (client_secret_post)" },
          ]}
          allowDeselect={false}
          {...form.getInputProps("secretMethod")}
        />
      ) : null}
      <Checkbox.Group label="What the app may do" name="grants" {...form.getInputProps("grants")}>
        <Stack gap="xs" mt={6}>
          {GRANTS.map(({ grant, label, description }) => {
            const needsSecret = grant === "client_credentials" && values.type === "public";
            return <Checkbox key={grant} value={grant} label={label} description={needsSecret ? `${description} (Not for a public app.)` : description} disabled={needsSecret} />;
          })}
        </Stack>
      </Checkbox.Group>
      <Textarea
        label="Redirect URIs"
        name="redirectUris"
        description={signsIn ? `Where users come back to the app after signing in. ${REDIRECT_RULES}` : "Only for an app that signs users in."}
        placeholder={"https://app.example.com/callback\nhttp://127.0.0.1:8976/callback"}
        autosize
        minRows={2}
        maxRows={8}
        disabled={!signsIn}
        required={signsIn}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        {...form.getInputProps("redirectUris")}
      />
      <Textarea
        label="Sign-out redirect URIs"
        name="postLogoutRedirectUris"
        description={signsIn ? "Optional: where the app may send users after they sign out of it. Same rules, one per line." : "Only for an app that signs users in."}
        placeholder="https://app.example.com/signed-out"
        autosize
        minRows={1}
        maxRows={6}
        disabled={!signsIn}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        {...form.getInputProps("postLogoutRedirectUris")}
      />
      <TagsInput
        label="Scopes"
        name="scopes"
        description="Optional: limit the app to some of openid, profile, email, teams and offline_access; empty allows them all. The scopes of your APIs and MCP servers are set on each of them, for every app."
        placeholder={values.scopes.length === 0 ? "All of them" : undefined}
        data={[...SERVER_SCOPES]}
        splitChars={[",", " "]}
        clearable
        clearButtonProps={{ "aria-label": "Clear the scopes" }}
        {...form.getInputProps("scopes")}
      />
      <TextInput label="Logo URL" name="logoUrl" type="url" description="Optional: shown to users beside the app's name." placeholder="https://example.com/logo.png" {...form.getInputProps("logoUrl")} />
      <TextInput label="Homepage" name="homepageUrl" type="url" description="Optional: where users can learn about the app." placeholder="https://example.com" {...form.getInputProps("homepageUrl")} />
      {!isNew ? (
        <Text size="xs" c="dimmed">
          Tokens already issued keep working until they expire or are revoked.
        </Text>
      ) : null}
    </Stack>
  );
}
