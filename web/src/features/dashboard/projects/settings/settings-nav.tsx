import { Box, NativeSelect, NavLink } from "@mantine/core";
import { useScrollSpy } from "@mantine/hooks";
import { useEffect } from "react";
import { SETTINGS_SECTIONS, sectionId } from "./settings-sections";

const HEADINGS = "main h2[id]";
const STICKY_TOP = "calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))";

/**
 * Where the reader is on the long settings page: the section whose heading was passed last
 * (the header's height below the top). Plain `#id` links let the browser scroll and keep the
 * section in the address, so a link to `…/settings#oauth-providers` can be shared.
 */
function useActiveSection(): string {
  const { active, data } = useScrollSpy({ selector: HEADINGS, offset: 80 });
  return data[active]?.id ?? sectionId(SETTINGS_SECTIONS[0]);
}

/**
 * The browser scrolls to a `#fragment` as the document loads, before the settings have arrived:
 * once they are on the page, go to the section the address names.
 */
export function useScrollToSectionInAddress() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** A list of the page's sections beside it, which stays in view as the page scrolls (wide screens). */
export function SettingsNavList() {
  const active = useActiveSection();
  return (
    <Box component="nav" aria-label="Settings sections" visibleFrom="lg" w={200} pos="sticky" top={STICKY_TOP} style={{ flexShrink: 0 }}>
      {SETTINGS_SECTIONS.map((title) => {
        const id = sectionId(title);
        return (
          <NavLink
            key={id}
            href={`#${id}`}
            label={title}
            active={id === active}
            aria-current={id === active ? "true" : undefined}
            style={{ borderRadius: "var(--mantine-radius-md)" }}
          />
        );
      })}
    </Box>
  );
}

/** On narrower screens, a picker at the top of the page that jumps to the section chosen. */
export function SettingsNavPicker() {
  const active = useActiveSection();
  const jump = (id: string) => {
    if (window.location.hash !== `#${id}`) window.location.hash = id;
    // Scrolled again on the next frame: the browser's own scroll to the fragment can land on a
    // layout that is still settling (the page just narrowed), leaving the heading out of view.
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  };
  return (
    <NativeSelect
      hiddenFrom="lg"
      label="Jump to section"
      value={active}
      onChange={(event) => jump(event.currentTarget.value)}
      data={SETTINGS_SECTIONS.map((title) => ({ value: sectionId(title), label: title }))}
    />
  );
}
