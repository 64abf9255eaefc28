import type { api } from "@gatehouse/clients/react";
import { Code, CopyButton, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

/**
 * How to wire an app to the project with the keys just made, filled in: the environment the
 * Stack SDKs read, a client generated from the OpenAPI document, and curl. Shown with the keys,
 * the one time their whole values are known.
 */
export function QuickStart({ projectId, keys }: { projectId: string; keys: api.CreatedProjectApiKeySet }) {
  const origin = window.location.origin;
  const snippets = quickStartSnippets(origin, projectId, keys);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Connect your app
      </Title>
      <Tabs defaultValue="stack">
        <Tabs.List>
          <Tabs.Tab value="stack">Stack SDK</Tabs.Tab>
          <Tabs.Tab value="client">Generated client</Tabs.Tab>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stack" pt="xs">
          <Snippet caption="In .env.local of an app on @stackframe/stack or @stackframe/js:" code={snippets.stack} testId="quick-start-stack" />
        </Tabs.Panel>
        <Tabs.Panel value="client" pt="xs">
          <Snippet caption="A typed client made from this server's OpenAPI document (openapi-typescript and openapi-fetch):" code={snippets.client} testId="quick-start-client" />
        </Tabs.Panel>
        <Tabs.Panel value="curl" pt="xs">
          <Snippet caption="A first request:" code={snippets.curl} testId="quick-start-curl" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Snippet({ caption, code, testId }: { caption: string; code: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Text size="sm">{caption}</Text>
        <CopyButton value={code} timeout={2000}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" style={{ flexShrink: 0 }} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        {code}
      </Code>
    </Stack>
  );
}

/** The three snippets; a key the set does not have is left out (the client ones fall back to the publishable key). */
export function quickStartSnippets(origin: string, projectId: string, keys: Pick<api.CreatedProjectApiKeySet, "publishable_client_key" | "secret_server_key">) {
  const stack = [
    `NEXT_PUBLIC_STACK_API_URL=${origin}`,
    `NEXT_PUBLIC_STACK_PROJECT_ID=${projectId}`,
    keys.publishable_client_key ? `NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY=${keys.publishable_client_key}` : null,
    keys.secret_server_key ? `STACK_SECRET_SERVER_KEY=${keys.secret_server_key}` : null,
  ].filter((line) => line !== null);
  const access = keys.secret_server_key
    ? { type: "server", header: "x-stack-secret-server-key", key: keys.secret_server_key, path: "/users", query: "?limit=1" }
    : { type: "client", header: "x-stack-publishable-client-key", key: keys.publishable_client_key ?? "", path: "/projects/current", query: "" };
  const client = [
    `// npx openapi-typescript ${origin}/api/v1/openapi.json -o gatehouse.d.ts`,
    `import createClient from "openapi-fetch";`,
    `import type { paths } from "./gatehouse";`,
    ``,
    `const gatehouse = createClient<paths>({`,
    `  baseUrl: "${origin}/api/v1",`,
    `  headers: { "x-stack-project-id": "${projectId}", "x-stack-access-type": "${access.type}", "${access.header}": "${access.key}" },`,
    `});`,
    access.type === "server" ? `const { data } = await gatehouse.GET("/users", { params: { query: { limit: 1 } } });` : `const { data } = await gatehouse.GET("/projects/current");`,
  ];
  const curl = [
    `curl ${origin}/api/v1${access.path}${access.query} \\`,
    `  -H "x-stack-project-id: ${projectId}" \\`,
    `  -H "x-stack-access-type: ${access.type}" \\`,
    `  -H "${access.header}: ${access.key}"`,
  ];
  return { stack: stack.join("\n"), client: client.join("\n"), curl: curl.join("\n") };
}
