import { useProject, useUser } from "@gatehouse/clients/react";
import { Container, NativeSelect, Stack, Tabs, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
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
  const wide = useMediaQuery("(min-width: 48em)", true);
  useDocumentTitle("Account settings");

  const sections = SETTINGS_SECTIONS.filter((section) => section.shown?.(project) ?? true);
  const active = sections.find((section) => `#${section.id}` === hash) ?? sections[0]!;
  const open = (id: string | null) => {
    if (id) void navigate({ hash: id }, { replace: true });
  };

  return (
    <Container size="lg" px={0} py={{ base: "xs", sm: "lg" }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          Account settings
        </Title>
        {/* One tree at both widths, so a section keeps its state (an open dialog, a half-filled form) when the width changes. */}
        <Tabs value={active.id} onChange={open} orientation={wide ? "vertical" : "horizontal"} variant="pills" keepMounted={false}>
          {wide ? (
            <Tabs.List miw={200} mr="lg" aria-label="Account settings sections">
              {sections.map((section) => (
                <Tabs.Tab key={section.id} value={section.id} leftSection={section.icon}>
                  {section.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          ) : (
            <NativeSelect
              label="Section"
              mb="md"
              value={active.id}
              onChange={(event) => open(event.currentTarget.value)}
              data={sections.map((section) => ({ value: section.id, label: section.label }))}
            />
          )}
          {sections.map(({ id, label, Component }) => (
            // Named here too for the phone layout, which has no tab to name it.
            <Tabs.Panel key={id} value={id} aria-label={label} style={{ minWidth: 0 }}>
              <Component />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
