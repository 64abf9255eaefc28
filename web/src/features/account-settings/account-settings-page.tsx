import { useProject, useUser } from "@gatehouse/clients/react";
import { Container, NativeSelect, Stack, Tabs, Title } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, useDocumentTitle } from "../../components/page-card";
import { SETTINGS_SECTIONS } from "./sections";

export function AccountSettingsPage() {
  return (
    <Boundary loading={<LoadingCard title="Account settings" />}>
      <AccountSettings />
    </Boundary>
  );
}

/**
 * The signed-in user's account, one section at a time; the URL's fragment names the section
 * (`#emails`), so each has its own link. Signed out, the page sends the browser to sign in and
 * back here afterwards (SPEC §2).
 */
function AccountSettings() {
  useUser({ or: "redirect" });
  const project = useProject();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle("Account settings");

  const sections = SETTINGS_SECTIONS.filter((section) => section.shown?.(project) ?? true);
  // A section may address something inside itself after a slash: `#teams/<team id>`.
  const sectionId = hash.slice(1).split("/")[0];
  const active = sections.find((section) => section.id === sectionId) ?? sections[0]!;
  const open = (id: string | null) => {
    if (id) void navigate({ hash: id }, { replace: true });
  };

  return (
    <Container size="lg" px={0} py={{ base: "xs", sm: "lg" }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          Account settings
        </Title>
        {/* One tree at every width: crossing the breakpoint (turning a tablet, resizing a window)
            must not remount the section and lose what it holds, such as a key shown only once. */}
        <NativeSelect
          hiddenFrom="sm"
          label="Section"
          value={active.id}
          onChange={(event) => open(event.currentTarget.value)}
          data={sections.map((section) => ({ value: section.id, label: section.label }))}
        />
        <Tabs value={active.id} onChange={open} orientation="vertical" variant="pills" keepMounted={false}>
          <Tabs.List visibleFrom="sm" miw={200} mr="lg" aria-label="Account settings sections">
            {sections.map((section) => (
              <Tabs.Tab key={section.id} value={section.id} leftSection={section.icon}>
                {section.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {sections.map(({ id, Component }) => (
            <Tabs.Panel key={id} value={id} style={{ minWidth: 0 }}>
              <Component />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
