import { useSearchParams } from "react-router";

/** The `code` an e-mailed link carries in its query, or null when the link has none. */
export function useLinkCode(): string | null {
  const [params] = useSearchParams();
  return params.get("code")?.trim() || null;
}
