import { useProject } from "@gatehouse/clients/react";
import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { AccountMenu } from "../components/account-menu";
import { Boundary } from "../components/boundary";
import { ColorSchemeToggle } from "../components/color-scheme-toggle";
import { Loading } from "../components/page-card";
import { LanguagePicker } from "../components/language-picker";
import { chosenLocale, useLocale } from "../lib/locale";
import classes from "./layout.module.css";

/**
 * The handler pages' frame: a header and the page. Plain elements rather than Mantine's AppShell,
 * whose navbar, aside and resizing code the sign-in page would download for nothing.
 */
export function Layout() {
  useLocale(chosenLocale());
  return (
    <>
      <Box component="header" className={classes.header} px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          {/* The name takes the width the buttons leave (a phone's header fits "Gatehouse Dashboard"), and is cut only past it. */}
          <Anchor component={Link} to="/" underline="never" c="inherit" miw={0}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <Suspense fallback={<Text fw={700}>Gatehouse</Text>}>
                <ProjectName />
              </Suspense>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <Boundary loading={null} failed={() => null}>
              <AccountMenu />
            </Boundary>
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
        <Group component="footer" justify="center" mt="xl" pb="md">
          <LanguagePicker />
        </Group>
      </Box>
    </>
  );
}

function ProjectName() {
  const project = useProject();
  return (
    <Text fw={700} truncate miw={0} maw={360} data-testid="project-name">
      {project.display_name}
    </Text>
  );
}

/** While a page's code loads. */
function LoadingPage() {
  return (
    <Container size={440} py={{ base: "md", sm: 48 }}>
      <Loading />
    </Container>
  );
}
