import { useLingui } from "@lingui/react/macro";
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";

/**
 * Switches between the light and dark themes; the choice is kept in localStorage. Its hint is the
 * browser's own `title`, not a Mantine Tooltip, whose floating-position code every page would load.
 */
export function ColorSchemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = scheme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t`Switch to the dark theme` : t`Switch to the light theme`;
  return (
    <ActionIcon variant="default" size="lg" aria-label={label} title={label} onClick={() => setColorScheme(next)}>
      {scheme === "dark" ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
