import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

const SEARCH_MAX_LENGTH = 256;

/**
 * The search box: what is typed reaches the URL (and the server) once typing pauses. A change
 * of the URL from elsewhere (Back, a link) is shown in the box; one of its own is not, so that
 * a search landing while the person types on does not overwrite what they typed since.
 */
export function UserSearch({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [value, setValue] = useState(query);
  const sent = useRef(query);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next;
    onSearch(next);
  }, 300);
  useEffect(() => {
    if (query !== sent.current) {
      send.cancel();
      sent.current = query;
      setValue(query);
    }
  }, [query, send]);
  const change = (next: string) => {
    setValue(next);
    send(next.trim());
  };
  return (
    <TextInput
      label="Search users"
      description="By e-mail, display name or user id."
      maxLength={SEARCH_MAX_LENGTH}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
      rightSection={
        value ? (
          <CloseButton
            aria-label="Clear the search"
            onClick={() => {
              change("");
              send.flush();
            }}
          />
        ) : null
      }
      style={{ flex: "1 1 18rem" }}
    />
  );
}
