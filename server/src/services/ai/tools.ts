/**
 * The tools a caller may offer the model, by the names Stack Auth's dashboard sends. None
 * runs on this server: the model's call comes back to the caller as a tool-call block (the
 * dashboard then shows or saves the code it carries), so no tool reads or changes data here.
 *
 * `docs` (searching Stack Auth's hosted documentation) and `sql-query` (Stack's analytics
 * warehouse) have nothing to reach on a self-hosted server; they are accepted and left out.
 */
import { tool, type ToolSet } from "ai";
import { z } from "zod";

export const TOOL_NAMES = ["docs", "sql-query", "create-email-theme", "create-email-template", "create-email-draft", "update-dashboard"] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

const codeInput = (what: string) => z.object({ content: z.string().describe(what) });

/** Function name the model sees, its description, and what it takes; by the caller's tool name. */
const CLIENT_TOOLS: Partial<Record<ToolName, { name: string; description: string; content: string }>> = {
  "create-email-theme": {
    name: "createEmailTheme",
    description: "Saves a new version of the e-mail theme being edited: a TSX module exporting EmailTheme({ children }).",
    content: "The whole TSX module of the theme.",
  },
  "create-email-template": {
    name: "createEmailTemplate",
    description: "Saves a new version of the e-mail template being edited: a TSX module exporting EmailTemplate, and variablesSchema when it takes variables.",
    content: "The whole TSX module of the template.",
  },
  "create-email-draft": {
    name: "createEmailDraft",
    description: "Saves a new version of the e-mail draft being edited: a TSX module exporting EmailTemplate.",
    content: "The whole TSX module of the draft.",
  },
  "update-dashboard": {
    name: "updateDashboard",
    description: "Replaces the dashboard page being built with a new version of its React component.",
    content: "The whole JSX source of the Dashboard component.",
  },
};

export function toolSetFor(names: readonly ToolName[]): ToolSet {
  const tools: ToolSet = {};
  for (const name of new Set(names)) {
    const spec = CLIENT_TOOLS[name];
    if (spec) tools[spec.name] = tool({ description: spec.description, inputSchema: codeInput(spec.content) });
  }
  return tools;
}
