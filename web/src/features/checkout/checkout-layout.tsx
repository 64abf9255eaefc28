import { Box, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { ColorSchemeToggle } from "../../components/color-scheme-toggle";

/** The checkout's frame: the page alone, with the theme switch, and none of this site's sign-in. */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" px="md" pb="xl">
      <Group justify="flex-end" pt="md">
        <ColorSchemeToggle />
      </Group>
      {children}
    </Box>
  );
}
