/** A metadata value as the text of its editor: indented JSON, or nothing when it was never set. */
export function metadataText(value: unknown): string {
  return value === null || value === undefined ? "" : JSON.stringify(value, null, 2);
}

/** What is wrong with the text as JSON, or null; empty text stands for no metadata (null). */
export function metadataProblem(text: string): string | null {
  if (text.trim() === "") return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `This is not valid JSON: ${error instanceof Error ? error.message : "it cannot be read"}. Nothing was saved.`;
  }
}

export function parseMetadata(text: string): unknown {
  return text.trim() === "" ? null : (JSON.parse(text) as unknown);
}
