import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/** A deep harbour blue: calm enough for forms people fill in every day, with contrast to spare in both schemes. */
const harbour: MantineColorsTuple = [
  "#eef3fb",
  "#dbe4f2",
  "#b4c6e5",
  "#8aa6d8",
  "#678bcd",
  "#5079c7",
  "#4370c5",
  "#345fae",
  "#2b549c",
  "#1f3a5f",
];

/**
 * Mantine's red with shades 6 to 9 darkened: filled buttons use shade 7 in the light scheme and
 * 6 in the dark one, and white on Mantine's (#f03e3e, #fa5252) is 3.8:1 and 3.3:1.
 */
const red: MantineColorsTuple = ["#fff5f5", "#ffe3e3", "#ffc9c9", "#ffa8a8", "#ff8787", "#ff6b6b", "#e03131", "#c92a2a", "#b72626", "#a32121"];

/** What the icon-only close buttons of dialogs and drawers are called, in the page's language. */
export interface CloseButtonNames {
  dialog: string;
  drawer: string;
}

export const createAppTheme = (closeButtons: CloseButtonNames) =>
  createTheme({
    primaryColor: "harbour",
    // Dark: shade 6, the lightest that white button text still reads on at 4.5:1 (shade 4 was 3.4:1).
    primaryShade: { light: 7, dark: 6 },
    colors: { harbour, red },
    defaultRadius: "md",
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: "650" },
    focusRing: "auto",
    components: {
      Button: { defaultProps: { radius: "md" } },
      Paper: { defaultProps: { radius: "lg" } },
      // A light alert's title in its own colour is 2.7:1 on the tint (yellow) at best; the text colour reads.
      Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
      // Initials in a light scheme are darkened towards black (some hues were 4.3:1 on their tint); dark is unchanged.
      Avatar: { styles: { placeholder: { color: "color-mix(in srgb, var(--avatar-color) var(--gatehouse-avatar-tint, 100%), black)" } } },
      // Mantine's close button is an icon alone: it needs a name for screen readers.
      Modal: { defaultProps: { closeButtonProps: { "aria-label": closeButtons.dialog } } },
      Drawer: { defaultProps: { closeButtonProps: { "aria-label": closeButtons.drawer } } },
      // A link inside a sentence is told from the text around it by its underline, not by colour alone.
      Anchor: { defaultProps: { underline: "always" } },
    },
  });

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on dark 7, 4.0:1) is under WCAG AA's
 * 4.5:1 for body text, and the pages use it for every description and hint.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Light badges' text is shade 9 on the colour's tint: green's is 3.8:1 ("Verified"), orange's 3.6:1
  // ("Restricted") and yellow's 2.7:1 ("Not verified"), so all three are darkened (5.5:1, 5.0:1 and 5.6:1).
  light: {
    "--mantine-color-dimmed": "#5f6770",
    "--gatehouse-avatar-tint": "70%",
    "--mantine-color-green-light-color": "#1e6e2f",
    "--mantine-color-orange-light-color": "#b23c0c",
    "--mantine-color-yellow-light-color": "#8f5100",
  },
  // Field errors: the dark scheme's default (a dark red on dark grey) is under 3:1. Links: Mantine's
  // shade 4 (#678bcd) is 3.8:1 on a blue alert's tint and 4.0:1 on a dark paper; shade 3 is 5.1:1 or more on every tint.
  dark: { "--mantine-color-dimmed": "#a3a3a3", "--mantine-color-error": "#ff8787", "--mantine-color-anchor": "var(--mantine-color-harbour-3)" },
});
