import type { api } from "@gatehouse/clients/react";
import { Button, EmptyState, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { useProjectId } from "../shell/project-context";
import { CreateKeySetModal } from "./create-key-set-modal";
import { KEY_KINDS } from "./key-kinds";
import { KeySetCard } from "./key-set-card";
import { QuickStart } from "./quick-start";
import { useProjectApiKeySets } from "./use-project-api-keys";

/** The project's own API keys: what its apps and servers use to call Gatehouse. */
export function ApiKeysPage() {
  useDocumentTitle("API keys");
  const projectId = useProjectId();
  const [creating, createModal] = useDisclosure(false);
  // The whole keys live here only while their dialog is open.
  const [created, setCreated] = useState<api.CreatedProjectApiKeySet | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const forget = () => {
    setCreated(null);
    createButton.current?.focus();
  };
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            API keys
          </Title>
          <Text c="dimmed">The keys your app and your servers use to call this project. Users' and teams' own keys are shown with each user and team.</Text>
        </Stack>
        <Button ref={createButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          Create API keys
        </Button>
      </Group>
      <Boundary>
        <KeySets projectId={projectId} onCreate={createModal.open} />
      </Boundary>
      <CreateKeySetModal
        projectId={projectId}
        opened={creating}
        onClose={createModal.close}
        onCreated={(keySet) => {
          createModal.close();
          setCreated(keySet);
        }}
      />
      <ShownOnceDialog
        title="Your new API keys"
        values={created ? KEY_KINDS.flatMap(({ kind, label }) => (created[kind] ? [{ label, value: created[kind], copyLabel: "Copy", testId: kind }] : [])) : null}
        warning="This is the only time these keys are shown whole. Once you close this window only their last four characters are kept; a lost key cannot be recovered, and you would create new ones."
        onClose={forget}
      >
        {created && (created.publishable_client_key || created.secret_server_key) ? <QuickStart projectId={projectId} keys={created} /> : null}
      </ShownOnceDialog>
    </Stack>
  );
}

function KeySets({ projectId, onCreate }: { projectId: string; onCreate: () => void }) {
  const keySets = useProjectApiKeySets(projectId);
  if (keySets.length === 0) {
    return (
      <EmptyState
        icon={<IconKey aria-hidden />}
        withIndicatorBackground
        title="No API keys yet"
        description="Create keys for your app's front end (publishable client key) and for your backend (secret server key)."
      >
        <EmptyState.Actions>
          <Button onClick={onCreate}>Create your first keys</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="The project's API keys">
      {keySets.map((keySet) => (
        <KeySetCard key={keySet.id} projectId={projectId} keySet={keySet} />
      ))}
    </Stack>
  );
}
