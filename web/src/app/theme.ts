import { createTheme, type MantineColorsTuple } from "@mantine/core";

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

export const theme = createTheme({
  primaryColor: "harbour",
  primaryShade: { light: 7, dark: 4 },
  colors: { harbour },
  defaultRadius: "md",
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "650" },
  focusRing: "auto",
  components: {
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "lg" } },
  },
});
