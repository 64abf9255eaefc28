import { useProject, useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Container, Flex, NativeSelect, NavLink, Stack, Title } from "@mantine/core";
import { Link, useLocation, useNavigate } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, useDocumentTitle } from "../../components/page-card";
import { SETTINGS_SECTIONS, type SettingsSectionEntry } from "./sections";

export function AccountSettingsPage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Account settings`} />}>
      <AccountSettings />
    </Boundary>
  );
}

/**
 * The signed-in user's account, one section at a time; the URL's fragment names the section
 * (`#emails`), so each has its own link, and a section may address something inside itself
 * after a slash (`#teams/<team id>`). Signed out, the page sends the browser to sign in and
 * back here afterwards (SPEC §2).
 */
function AccountSettings() {
  useUser({ or: "redirect" });
  const project = useProject();
  const { hash } = useLocation();
  const { t } = useLingui();
  useDocumentTitle(t`Account settings`);

  const sections = SETTINGS_SECTIONS.filter((section) => section.shown?.(project) ?? true);
  const sectionId = hash.slice(1).split("/")[0];
  const active = sections.find((section) => section.id === sectionId) ?? sections[0]!;

  return (
    <Container size="lg" px={0} py={{ base: "xs", sm: "lg" }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          <Trans>Account settings</Trans>
        </Title>
        {/* One tree at every width, the navigation shown or hidden by CSS: crossing the breakpoint
            (turning a tablet, resizing a window) must not remount the section and lose what it
            holds, such as a half-typed form or an API key shown only once. */}
        <Flex direction={{ base: "column", sm: "row" }} gap="lg" align={{ base: "stretch", sm: "flex-start" }}>
          <SectionLinks sections={sections} active={active} />
          <SectionPicker sections={sections} active={active} />
          <Box miw={0} style={{ flex: 1 }}>
            <active.Component key={active.id} />
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}

interface SectionNavProps {
  sections: SettingsSectionEntry[];
  active: SettingsSectionEntry;
}

function SectionLinks({ sections, active }: SectionNavProps) {
  const { t, i18n } = useLingui();
  return (
    <Box component="nav" aria-label={t`Account settings sections`} visibleFrom="sm" w={220} style={{ flexShrink: 0 }}>
      {sections.map((section) => (
        <NavLink
          key={section.id}
          component={Link}
          to={{ hash: section.id }}
          replace
          label={i18n._(section.label)}
          leftSection={section.icon}
          active={section.id === active.id}
          aria-current={section.id === active.id ? "page" : undefined}
          variant="filled"
          style={{ borderRadius: "var(--mantine-radius-md)" }}
        />
      ))}
    </Box>
  );
}

function SectionPicker({ sections, active }: SectionNavProps) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  return (
    <NativeSelect
      hiddenFrom="sm"
      label={t`Section`}
      value={active.id}
      onChange={(event) => void navigate({ hash: event.currentTarget.value }, { replace: true })}
      data={sections.map((section) => ({ value: section.id, label: i18n._(section.label) }))}
    />
  );
}
