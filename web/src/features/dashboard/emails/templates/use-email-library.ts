import { adminKeys, adminQuery, api, GatehouseApiError, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";

export type EmailSourceKind = "templates" | "themes" | "drafts";

export function useEmailThemes(projectId: string) {
  return useAdminQuery(projectId, adminKeys(projectId).emailLibrary("themes"), (request) => api.listEmailThemes(request));
}

/** The theme the project selected (its configuration's `email_theme`, read with the project). */
export function useSelectedThemeId(projectId: string): string {
  return useAdminQuery(projectId, adminKeys(projectId).project(), (request) => api.getCurrentProjectAdmin(request)).config.email_theme;
}

export function useEmailTemplates(projectId: string): api.EmailTemplate[] {
  return useAdminQuery(projectId, adminKeys(projectId).emailLibrary("templates"), (request) => api.listEmailTemplates(request)).templates;
}

export function useEmailDrafts(projectId: string): api.EmailDraft[] {
  return useAdminQuery(projectId, adminKeys(projectId).emailLibrary("drafts"), (request) => api.listEmailDrafts(request)).drafts;
}

/** What the editor edits: one source, its name and (templates and drafts) its theme. */
export interface EditableSource {
  displayName: string;
  tsxSource: string;
  /** Absent for themes; null: the project's selected theme; false: none. */
  themeId?: string | false | null;
  builtIn?: boolean;
}

/** The document types `false` as a boolean; the server only ever answers false, a theme id or null. */
const asThemeId = (value: unknown): string | false | null => (typeof value === "string" ? value : value === false ? false : null);

export function useEditableSource(projectId: string, kind: EmailSourceKind, id: string): EditableSource {
  return useSuspenseQuery({
    ...adminQuery(projectId, adminKeys(projectId).emailLibraryEntry(kind, id), async (request): Promise<EditableSource> => {
      if (kind === "themes") {
        const theme = await api.getEmailTheme(id, request);
        return { displayName: theme.display_name, tsxSource: theme.tsx_source };
      }
      if (kind === "templates") {
        const template = await api.getEmailTemplate(id, request);
        return { displayName: template.display_name, tsxSource: template.tsx_source, themeId: asThemeId(template.theme_id), builtIn: template.is_built_in };
      }
      const draft = await api.getEmailDraft(id, request);
      return { displayName: draft.display_name, tsxSource: draft.tsx_source, themeId: asThemeId(draft.theme_id) };
    }),
  }).data;
}

export function useCreateEmailSource(projectId: string, kind: EmailSourceKind) {
  const { keys, request, invalidate } = useAdmin(projectId);
  const onSuccess = () => invalidate(keys.emailLibrary(kind));
  const theme = api.useCreateEmailTheme({ request, mutation: { onSuccess } });
  const template = api.useCreateEmailTemplate({ request, mutation: { onSuccess } });
  const draft = api.useCreateEmailDraft({ request, mutation: { onSuccess } });
  return kind === "themes" ? theme : kind === "templates" ? template : draft;
}

/** Saves the source (the server renders it first and refuses a broken one with the line). */
export function useSaveEmailSource(projectId: string, kind: EmailSourceKind, id: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  const onSuccess = () => invalidate(keys.emailLibrary(kind));
  const theme = api.useUpdateEmailTheme({ request, mutation: { onSuccess } });
  const template = api.useUpdateEmailTemplate({ request, mutation: { onSuccess } });
  const draft = api.useUpdateEmailDraft({ request, mutation: { onSuccess } });
  return {
    isPending: theme.isPending || template.isPending || draft.isPending,
    error: theme.error ?? template.error ?? draft.error,
    isSuccess: theme.isSuccess || template.isSuccess || draft.isSuccess,
    save: async (source: EditableSource) => {
      if (kind === "themes") await theme.mutateAsync({ id, data: { tsx_source: source.tsxSource, display_name: source.displayName } });
      else if (kind === "templates") {
        await template.mutateAsync({ templateId: id, data: { tsx_source: source.tsxSource, display_name: source.displayName, theme_id: source.themeId ?? null } });
      } else await draft.mutateAsync({ id, data: { tsx_source: source.tsxSource, display_name: source.displayName, theme_id: source.themeId ?? null } });
    },
  };
}

export interface Preview {
  html: string;
  subject?: string;
}

/**
 * The live preview: POST /emails/render-email with what is in the editor, asked again a moment
 * after typing stops (the caller debounces `source`); the last good preview stays while a new
 * one renders or when the source does not render, beside the error.
 */
export function useEmailPreview(projectId: string, kind: EmailSourceKind, source: EditableSource) {
  const empty = source.tsxSource.trim() === "";
  const body: api.RenderEmailRequest =
    kind === "themes"
      ? { theme_tsx_source: source.tsxSource, template_tsx_source: SAMPLE_TEMPLATE }
      : { template_tsx_source: source.tsxSource, ...(source.themeId === null || source.themeId === undefined ? {} : { theme_id: source.themeId }) };
  const query = useQuery<Preview, Error>({
    ...adminQuery(projectId, adminKeys(projectId).emailPreview(body), (request) => api.renderEmail(body, request)),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
    // An emptied editor (select all, delete, before the new text is in) has nothing to render:
    // the last preview stays rather than a refusal of the empty request.
    enabled: !empty,
  });
  // A failed render has no data of its own: the last good preview stays on screen beside the error.
  const [lastGood, setLastGood] = useState<Preview | undefined>(undefined);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) setLastGood(query.data);
  }, [query.data, query.isPlaceholderData]);
  return { preview: query.data ?? lastGood, error: query.isPlaceholderData ? null : query.error, rendering: query.isFetching, empty };
}

/** The line a rendering error names ("template.tsx line 4: …"), for the editor to point at. */
export function renderingErrorLine(error: unknown): { message: string; line: number | null } | null {
  if (!error) return null;
  const message =
    error instanceof GatehouseApiError && error.code === "EMAIL_RENDERING_ERROR"
      ? String(error.details.error ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  const line = /\.tsx line (\d+)/.exec(message)?.[1];
  return { message, line: line ? Number(line) : null };
}

const SAMPLE_TEMPLATE = `import { Heading, Text, Button } from "@react-email/components";
import { Subject } from "@stackframe/emails";
export function EmailTemplate({ project }: { project: { displayName: string } }) {
  return (
    <>
      <Subject value="Theme preview" />
      <Heading as="h2">A heading</Heading>
      <Text>Body text of a message from {project.displayName}, with a button below.</Text>
      <Button href="https://example.com" style={{ backgroundColor: "#2563eb", color: "#fff", padding: "10px 16px", borderRadius: "6px" }}>A button</Button>
    </>
  );
}
`;
