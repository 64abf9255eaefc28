import { Badge, Button, Card, Group, Stack, Tabs, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Boundary } from "../../../../components/boundary";
import { ErrorAlert } from "../../../../components/error-alert";
import { useDocumentTitle } from "../../../../components/page-card";
import { RelativeTime } from "../../../../components/relative-time";
import { errorMessage } from "../../../../lib/error-message";
import { dashboardPath, useProjectId } from "../../shell/project-context";
import { useCreateEmailSource, useEmailDrafts, useEmailTemplates, useEmailThemes, useSelectedThemeId, type EmailSourceKind } from "./use-email-library";

const KINDS: Array<{ kind: EmailSourceKind; label: string; description: string }> = [
  { kind: "templates", label: "Templates", description: "Mail the platform sends (verification, sign-in codes, invitations) and your own, in TSX." },
  { kind: "themes", label: "Themes", description: "The frame around every message: page, colours, footer and unsubscribe link." },
  { kind: "drafts", label: "Drafts", description: "One-off messages, written here and sent once." },
];

export const editorPath = (projectId: string, kind: EmailSourceKind, id: string) =>
  `${dashboardPath(projectId, "email-templates")}/${kind}/${encodeURIComponent(id)}`;

/** Themes, templates and drafts, each a tab (in the address as `?tab=`), with a way to add one. */
export function EmailLibraryPage() {
  useDocumentTitle("E-mail templates");
  const projectId = useProjectId();
  const [params, setParams] = useSearchParams();
  const tab = (KINDS.find((k) => k.kind === params.get("tab"))?.kind ?? "templates") as EmailSourceKind;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          E-mail templates
        </Title>
        <Text c="dimmed">Every e-mail is a template in a theme, written in TSX with react-email and rendered in an isolated sandbox.</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => setParams(value ? { tab: value } : {})} keepMounted={false}>
        <Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Tab key={k.kind} value={k.kind}>
              {k.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KINDS.map((k) => (
          <Tabs.Panel key={k.kind} value={k.kind} pt="md">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {k.description}
              </Text>
              <CreateForm projectId={projectId} kind={k.kind} />
              <Boundary>
                <SourceList projectId={projectId} kind={k.kind} />
              </Boundary>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function CreateForm({ projectId, kind }: { projectId: string; kind: EmailSourceKind }) {
  const [name, setName] = useState("");
  const create = useCreateEmailSource(projectId, kind);
  const navigate = useNavigate();
  const noun = kind === "themes" ? "theme" : kind === "templates" ? "template" : "draft";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const created = await create.mutateAsync({ data: { display_name: name.trim() } });
    void navigate(editorPath(projectId, kind, created.id));
  };
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={`New ${noun}`}
            placeholder="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={256}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending} disabled={!name.trim()}>
            Add
          </Button>
        </Group>
        <ErrorAlert message={create.error ? errorMessage(create.error) : null} />
      </Stack>
    </form>
  );
}

function SourceList({ projectId, kind }: { projectId: string; kind: EmailSourceKind }) {
  if (kind === "themes") return <ThemeList projectId={projectId} />;
  if (kind === "templates") return <TemplateList projectId={projectId} />;
  return <DraftList projectId={projectId} />;
}

function Row({ href, title, children }: { href: string; title: string; children?: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" component={Link} to={href}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={500} className="break-anywhere">
          {/* Named by its content (an aria-label would hide the badges it shows), led by what it does. */}
          <VisuallyHidden>Edit </VisuallyHidden>
          {title}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Card>
  );
}

function ThemeList({ projectId }: { projectId: string }) {
  const { themes } = useEmailThemes(projectId);
  const selectedThemeId = useSelectedThemeId(projectId);
  return (
    <Stack gap="xs">
      {themes.map((theme) => (
        <Row key={theme.id} href={editorPath(projectId, "themes", theme.id)} title={theme.display_name}>
          {theme.id === selectedThemeId ? <Badge variant="light">Selected</Badge> : null}
        </Row>
      ))}
    </Stack>
  );
}

function TemplateList({ projectId }: { projectId: string }) {
  const templates = useEmailTemplates(projectId);
  return (
    <Stack gap="xs">
      {templates.map((template) => (
        <Row key={template.id} href={editorPath(projectId, "templates", template.id)} title={template.display_name}>
          {template.is_built_in ? (
            <Badge variant="light" color="gray">
              Built-in
            </Badge>
          ) : null}
        </Row>
      ))}
    </Stack>
  );
}

function DraftList({ projectId }: { projectId: string }) {
  const drafts = useEmailDrafts(projectId);
  if (drafts.length === 0) return <Text c="dimmed">No drafts yet.</Text>;
  return (
    <Stack gap="xs">
      {drafts.map((draft) => (
        <Row key={draft.id} href={editorPath(projectId, "drafts", draft.id)} title={draft.display_name}>
          {draft.sent_at_millis !== null ? (
            <Badge variant="light" color="green">
              Sent <RelativeTime millis={draft.sent_at_millis} />
            </Badge>
          ) : null}
        </Row>
      ))}
    </Stack>
  );
}
