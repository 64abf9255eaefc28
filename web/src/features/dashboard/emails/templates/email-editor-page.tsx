import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Boundary } from "../../../../components/boundary";
import { ErrorAlert } from "../../../../components/error-alert";
import { useDocumentTitle } from "../../../../components/page-card";
import { errorMessage } from "../../../../lib/error-message";
import { DashboardNotFound } from "../../shell/dashboard-not-found";
import { dashboardPath, useProjectId } from "../../shell/project-context";
import { CodeEditor } from "./code-editor";
import {
  renderingErrorLine,
  useEditableSource,
  useEmailPreview,
  useEmailThemes,
  useSaveEmailSource,
  type EditableSource,
  type EmailSourceKind,
} from "./use-email-library";

const KIND_NOUNS: Record<EmailSourceKind, string> = { templates: "template", themes: "theme", drafts: "draft" };
const PREVIEW_DELAY_MS = 400;

/** One theme, template or draft: its TSX beside a live preview, saved when it renders. */
export function EmailEditorPage() {
  const projectId = useProjectId();
  const { kind = "", id = "" } = useParams();
  if (!(kind in KIND_NOUNS)) return <DashboardNotFound />;
  const sourceKind = kind as EmailSourceKind;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${dashboardPath(projectId, "email-templates")}?tab=${sourceKind}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All {sourceKind}
        </Group>
      </Anchor>
      <Boundary>
        {/* Keyed, so that opening another source starts from its own text. */}
        <Editor key={`${sourceKind}/${id}`} projectId={projectId} kind={sourceKind} id={id} />
      </Boundary>
    </Stack>
  );
}

function Editor({ projectId, kind, id }: { projectId: string; kind: EmailSourceKind; id: string }) {
  const stored = useEditableSource(projectId, kind, id);
  const [source, setSource] = useState<EditableSource>(stored);
  const [debounced] = useDebouncedValue(source, PREVIEW_DELAY_MS);
  const save = useSaveEmailSource(projectId, kind, id);
  const [savedSource, setSavedSource] = useState(stored);
  const { preview, error, rendering, empty } = useEmailPreview(projectId, kind, debounced);
  const problem = renderingErrorLine(error);
  const dirty = source.tsxSource !== savedSource.tsxSource || source.displayName !== savedSource.displayName || source.themeId !== savedSource.themeId;
  useDocumentTitle(`${source.displayName} · E-mail ${KIND_NOUNS[kind]}`);

  const onSave = async () => {
    await save.save(source);
    setSavedSource(source);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} size="h2" className="break-anywhere">
              {source.displayName}
            </Title>
            {stored.builtIn ? (
              <Badge variant="light" color="gray">
                Built-in
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {kind === "themes"
              ? "Export EmailTheme({ children, unsubscribeLink }). The preview shows a sample message in it."
              : 'Export EmailTemplate({ user, project, variables }); name the subject with <Subject value="…" /> from "@stackframe/emails".'}
          </Text>
        </Stack>
        <Group gap="xs">
          {!dirty && save.isSuccess ? (
            <Text size="sm" c="green" role="status">
              <IconCheck size={14} aria-hidden /> Saved
            </Text>
          ) : null}
          <Button onClick={() => void onSave().catch(() => undefined)} loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          label="Name"
          value={source.displayName}
          maxLength={256}
          onChange={(event) => {
            const displayName = event.currentTarget.value;
            setSource((s) => ({ ...s, displayName }));
          }}
        />
        {kind !== "themes" ? <ThemePicker projectId={projectId} value={source.themeId ?? null} onChange={(themeId) => setSource((s) => ({ ...s, themeId }))} /> : null}
      </Group>

      <ErrorAlert message={save.error ? errorMessage(save.error) : null} title="Not saved" />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Source
          </Text>
          <Paper withBorder radius="sm" style={{ overflow: "hidden", minHeight: 420 }}>
            <CodeEditor
              label={`TSX source of the ${KIND_NOUNS[kind]}`}
              value={source.tsxSource}
              errorLine={problem?.line ?? null}
              onChange={(tsxSource) => setSource((s) => ({ ...s, tsxSource }))}
            />
          </Paper>
        </Stack>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              Preview
            </Text>
            {rendering ? <Loader size="xs" aria-label="Rendering the preview" /> : null}
          </Group>
          {problem ? (
            <Alert color="red" variant="light" title={problem.line ? `Line ${problem.line}` : "Does not render"} role="alert" data-testid="preview-error">
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }} className="break-anywhere">
                {problem.message}
              </Text>
            </Alert>
          ) : null}
          {preview ? (
            <Paper withBorder radius="sm" style={{ overflow: "hidden" }}>
              {kind !== "themes" ? (
                <Box px="sm" py={6} style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
                  <Text size="sm" className="break-anywhere" data-testid="preview-subject">
                    <Text span c="dimmed" size="sm">
                      Subject:{" "}
                    </Text>
                    {preview.subject || "(none)"}
                  </Text>
                </Box>
              ) : null}
              {/* No scripts, no same origin: the message's HTML cannot reach the dashboard. */}
              <iframe title="E-mail preview" sandbox="" srcDoc={preview.html} style={{ border: 0, width: "100%", height: 520, display: "block", background: "white" }} />
            </Paper>
          ) : empty ? (
            <Paper withBorder radius="sm" p="xl" data-testid="preview-empty">
              <Text size="sm" c="dimmed">
                The editor is empty: write the {KIND_NOUNS[kind]}'s source and its preview appears here.
              </Text>
            </Paper>
          ) : !problem ? (
            <Paper withBorder radius="sm" p="xl">
              <Loader size="sm" aria-label="Rendering the preview" />
            </Paper>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function ThemePicker({ projectId, value, onChange }: { projectId: string; value: string | false | null; onChange: (value: string | false | null) => void }) {
  const { themes } = useEmailThemes(projectId);
  const data = [
    { value: "__project__", label: "The project's selected theme" },
    { value: "__none__", label: "No theme" },
    ...themes.map((t) => ({ value: t.id, label: t.display_name })),
  ];
  const selected = value === null ? "__project__" : value === false ? "__none__" : value;
  return (
    <Select
      label="Theme"
      data={data}
      value={selected}
      allowDeselect={false}
      onChange={(next) => onChange(next === "__project__" || next === null ? null : next === "__none__" ? false : next)}
    />
  );
}
