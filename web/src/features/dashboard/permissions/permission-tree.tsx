import type { api } from "@gatehouse/clients/react";
import { ActionIcon, Badge, Box, Code, Group, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useId, useState, type ReactNode } from "react";
import { isSystemPermission } from "../../../lib/permission-id";

interface PermissionTreeProps {
  /** Every definition of the scope, to look contained ids up in. */
  definitions: api.PermissionDefinition[];
  /** The definitions shown at the top. */
  roots: api.PermissionDefinition[];
  /** What a top-level row offers (edit, delete). */
  actions?: (definition: api.PermissionDefinition) => ReactNode;
  label: string;
  /** One box for the whole list rather than one per definition, for a list read rather than worked on. */
  dense?: boolean;
}

const BORDER = "1px solid var(--mantine-color-default-border)";

/**
 * Definitions as a tree: each opens into the permissions it contains, and those into theirs,
 * so that what a grant really gives is readable. The server refuses cycles; a cycle in a
 * hand-edited configuration still ends the branch instead of the page.
 */
export function PermissionTree({ definitions, roots, actions, label, dense = false }: PermissionTreeProps) {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const box = { border: BORDER, borderRadius: "var(--mantine-radius-md)" };
  return (
    <Stack component="ul" gap={dense ? 0 : "xs"} p={0} m={0} style={{ listStyle: "none", ...(dense ? box : {}) }} aria-label={label}>
      {roots.map((definition, index) => (
        <Box component="li" key={definition.id} px="sm" py={dense ? "xs" : "sm"} style={dense ? { borderTop: index > 0 ? BORDER : undefined } : box}>
          <TreeNode id={definition.id} byId={byId} path={[]} actions={actions?.(definition)} />
        </Box>
      ))}
    </Stack>
  );
}

interface TreeNodeProps {
  id: string;
  byId: Map<string, api.PermissionDefinition>;
  /** The ids above this one, to stop at a cycle. */
  path: string[];
  actions?: ReactNode;
}

function TreeNode({ id, byId, path, actions }: TreeNodeProps) {
  const [open, setOpen] = useState(false);
  const childrenId = useId();
  const definition = byId.get(id);
  const cycle = path.includes(id);
  const contained = cycle ? [] : (definition?.contained_permission_ids ?? []);
  return (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {contained.length > 0 ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            mt={2}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={`${open ? "Hide" : "Show"} what ${id} contains`}
          >
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          </ActionIcon>
        ) : (
          <Box w={22} style={{ flexShrink: 0 }} />
        )}
        <Group gap="xs" justify="space-between" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Group gap={6} wrap="wrap">
              <Code className="break-anywhere" fw={600}>
                {id}
              </Code>
              {isSystemPermission(id) ? (
                <Badge size="xs" variant="light" color="gray">
                  System
                </Badge>
              ) : null}
              {contained.length > 0 ? (
                <Text size="xs" c="dimmed">
                  contains {contained.length}
                </Text>
              ) : null}
              {cycle ? (
                <Badge size="xs" color="red" variant="light">
                  Cycle
                </Badge>
              ) : null}
              {!definition ? (
                <Badge size="xs" color="red" variant="light">
                  Not defined
                </Badge>
              ) : null}
            </Group>
            {definition?.description ? (
              <Text size={path.length === 0 ? "sm" : "xs"} c="dimmed" className="break-anywhere">
                {definition.description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
      </Group>
      {open ? (
        <Stack
          component="ul"
          id={childrenId}
          gap={6}
          mt={6}
          mb={0}
          ml={10}
          mr={0}
          pl="md"
          style={{ listStyle: "none", borderLeft: BORDER }}
          aria-label={`Contained in ${id}`}
        >
          {contained.map((child) => (
            <li key={child}>
              <TreeNode id={child} byId={byId} path={[...path, id]} />
            </li>
          ))}
        </Stack>
      ) : null}
    </>
  );
}
