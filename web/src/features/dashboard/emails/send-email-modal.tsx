import { adminKeys, adminQuery, api } from "@gatehouse/clients/react";
import { Button, Group, Input, Modal, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { useSendEmail } from "./use-sent-emails";

type Recipients = "chosen" | "all";
type Content = "draft" | "html";

const CATEGORIES = ["Transactional", "Marketing"] as const;

/** The users matching a search, as options for the recipient picker (chosen ones stay listed). */
function useUserOptions(projectId: string, search: string, chosen: Map<string, string>) {
  const [query] = useDebouncedValue(search.trim(), 250);
  const params: api.ListUsersParams = { limit: 20, ...(query ? { query } : {}) };
  const found = useQuery({
    ...adminQuery(projectId, adminKeys(projectId).userList(params), (request) => api.listUsers(params, request)),
    placeholderData: keepPreviousData,
  });
  const options = new Map(chosen);
  for (const user of found.data?.items ?? []) {
    options.set(user.id, user.primary_email ? `${user.display_name ? `${user.display_name} · ` : ""}${user.primary_email}` : `${user.display_name ?? user.id} (no e-mail)`);
  }
  return { options: [...options].map(([value, label]) => ({ value, label })), loading: found.isFetching };
}

/**
 * The category a draft declares (its `<NotificationCategory>`), read from a preview render:
 * a draft is sent in its own category, so the dialog shows it rather than asking.
 */
function useDraftCategory(projectId: string, draftId: string | null) {
  return useQuery({
    ...adminQuery(projectId, adminKeys(projectId).emailPreview({ draft_id: draftId }), (request) => api.renderEmail({ draft_id: draftId! }, request)),
    enabled: draftId !== null,
    retry: false,
    select: (rendered) => rendered.notification_category ?? null,
  });
}

function useDrafts(projectId: string, enabled: boolean) {
  return useQuery({
    ...adminQuery(projectId, adminKeys(projectId).emailLibrary("drafts"), (request) => api.listEmailDrafts(request)),
    enabled,
  });
}

function DraftCategory({ draftChosen, query }: { draftChosen: boolean; query: ReturnType<typeof useDraftCategory> }) {
  const shown = !draftChosen
    ? "Chosen by the draft"
    : query.isPending
      ? "Reading the draft…"
      : query.isError
        ? "Unknown: the draft does not render"
        : (query.data ?? "Transactional");
  return (
    <Input.Wrapper label="Category" description="As the draft declares it. Users who turned it off are skipped." id="draft-category">
      <Text size="sm" mt={6} aria-labelledby="draft-category-label" data-testid="draft-category">
        {shown}
      </Text>
    </Input.Wrapper>
  );
}

/** `datetime-local` gives local wall time without a zone; the browser's zone is the admin's. */
const toMillis = (local: string) => (local ? new Date(local).getTime() : undefined);

/**
 * Sends a draft or html to chosen users or to all users, with a notification category, an
 * optional time and priority. Each recipient's message is queued in the outbox; users without
 * an e-mail address or who turned the category off are reported, not sent to.
 */
export function SendEmailModal({ projectId, opened, onClose }: { projectId: string; opened: boolean; onClose: () => void }) {
  const [recipients, setRecipients] = useState<Recipients>("chosen");
  const [userIds, setUserIds] = useState<string[]>([]);
  const [labels, setLabels] = useState(new Map<string, string>());
  const [search, setSearch] = useState("");
  const [content, setContent] = useState<Content>("draft");
  const [draftId, setDraftId] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [html, setHtml] = useState("");
  const [category, setCategory] = useState<string>("Transactional");
  const [scheduledAt, setScheduledAt] = useState("");
  const [highPriority, setHighPriority] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendEmail(projectId);
  const users = useUserOptions(projectId, search, labels);
  const drafts = useDrafts(projectId, opened);
  const draftCategory = useDraftCategory(projectId, content === "draft" ? draftId : null);

  const close = () => {
    send.reset();
    setProblem(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recipients === "chosen" && userIds.length === 0) return setProblem("Choose at least one user.");
    if (content === "draft" && !draftId) return setProblem("Choose a draft.");
    if (content === "html" && html.trim() === "") return setProblem("Write the e-mail's HTML.");
    const at = toMillis(scheduledAt);
    if (at !== undefined && Number.isNaN(at)) return setProblem("The time is not a valid date.");
    setProblem(null);
    send.mutate(
      {
        data: {
          ...(recipients === "all" ? { all_users: true as const } : { user_ids: userIds }),
          ...(content === "draft" ? { draft_id: draftId! } : { html }),
          ...(subject.trim() ? { subject: subject.trim() } : {}),
          // A draft goes in the category it declares: naming one here would override it.
          ...(content === "html" ? { notification_category_name: category } : {}),
          is_high_priority: highPriority,
          ...(at !== undefined ? { scheduled_at_millis: at } : {}),
        },
      },
      {
        onSuccess: ({ results }) => {
          // One message per user: one who cannot get it (no address, opted out) shows as skipped in the list.
          const queued = results.length;
          notifications.show({ color: queued > 0 ? "green" : "yellow", message: `${queued} e-mail${queued === 1 ? "" : "s"} queued.` });
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Send an e-mail" size="lg" centered closeOnClickOutside={!send.isPending}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Recipients"
            value={recipients}
            onChange={(value) => setRecipients(value as Recipients)}
            data={[
              { value: "chosen", label: "Chosen users" },
              { value: "all", label: "All users" },
            ]}
          />
          {recipients === "chosen" ? (
            <MultiSelect
              label="Users"
              placeholder={userIds.length === 0 ? "Search by e-mail, name or id" : undefined}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              data={users.options}
              value={userIds}
              onChange={(ids) => {
                const next = new Map<string, string>();
                for (const id of ids) next.set(id, users.options.find((o) => o.value === id)?.label ?? labels.get(id) ?? id);
                setLabels(next);
                setUserIds(ids);
              }}
              nothingFoundMessage={users.loading ? "Searching…" : "No users match"}
              clearable
            />
          ) : (
            <Text size="sm" c="dimmed">
              Every user of the project with an e-mail address who has not turned this category off.
            </Text>
          )}
          <SegmentedControl
            aria-label="Content"
            value={content}
            onChange={(value) => setContent(value as Content)}
            data={[
              { value: "draft", label: "Draft" },
              { value: "html", label: "HTML" },
            ]}
          />
          {content === "draft" ? (
            <Select
              label="Draft"
              placeholder={drafts.isLoading ? "Loading drafts…" : "Choose a draft"}
              data={(drafts.data?.drafts ?? []).map((d) => ({ value: d.id, label: d.sent_at_millis ? `${d.display_name} (sent before)` : d.display_name }))}
              value={draftId}
              onChange={setDraftId}
              nothingFoundMessage="No drafts yet: write one under E-mail templates"
              searchable
            />
          ) : (
            <Textarea label="HTML body" autosize minRows={4} maxRows={12} value={html} onChange={(e) => setHtml(e.currentTarget.value)} styles={{ input: { fontFamily: "monospace" } }} />
          )}
          <TextInput
            label="Subject"
            description={content === "draft" ? "Optional: overrides the draft's own subject." : "Optional: the project's name if left empty."}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {content === "html" ? (
              <Select
                label="Category"
                description="Users may turn off all but transactional mail."
                data={[...CATEGORIES]}
                value={category}
                onChange={(value) => setCategory(value ?? "Transactional")}
                allowDeselect={false}
              />
            ) : (
              <DraftCategory draftChosen={draftId !== null} query={draftCategory} />
            )}
            <TextInput
              label="Send at"
              description="Optional: empty sends now."
              type="datetime-local"
              value={scheduledAt}
              onChange={(e) => setScheduledAt(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch label="High priority: sent ahead of other queued mail" checked={highPriority} onChange={(e) => setHighPriority(e.currentTarget.checked)} />
          <ErrorAlert message={problem ?? (send.error ? errorMessage(send.error) : null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              {scheduledAt ? "Schedule" : "Send"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
