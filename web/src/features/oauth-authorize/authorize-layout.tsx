import { useProject } from "@gatehouse/clients/react";
import { Box, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Boundary } from "../../components/boundary";
import { ColorSchemeToggle } from "../../components/color-scheme-toggle";
import { LanguagePicker } from "../../components/language-picker";
import { chosenLocale, useLocale } from "../../lib/locale";

/**
 * The authorize page's frame: the project the person signs in with, the theme switch, the page,
 * and the language picker. Not the handler pages' frame, whose project name and account menu
 * are this site's own project's, which may not be the one in the address.
 */
export function AuthorizeLayout({ children }: { children: ReactNode }) {
  useLocale(chosenLocale());
  return (
    <>
      <Box component="header" h={60} px="md" style={HEADER_STYLE}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <img src="/favicon.svg" alt="" width={26} height={26} />
            {/* Any project id can be in the address: one that is not known is the page's to explain. */}
            <Boundary loading={<SiteName />} failed={() => <SiteName />}>
              <ProjectName />
            </Boundary>
          </Group>
          <ColorSchemeToggle />
        </Group>
      </Box>
      <Box component="main" p="md">
        {children}
        <Group component="footer" justify="center" mt="xl" pb="md">
          <LanguagePicker />
        </Group>
      </Box>
    </>
  );
}

const HEADER_STYLE = {
  position: "sticky",
  top: 0,
  zIndex: 100,
  backgroundColor: "var(--mantine-color-body)",
  borderBottom: "1px solid var(--mantine-color-default-border)",
} as const;

function SiteName() {
  return <Text fw={700}>Gatehouse</Text>;
}

function ProjectName() {
  const project = useProject();
  return (
    <Text fw={700} truncate maw={{ base: 220, sm: 420 }} data-testid="project-name">
      {project.display_name}
    </Text>
  );
}
