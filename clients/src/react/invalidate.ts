import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * A callback that marks every cached answer under the given key prefixes stale, so what is on
 * screen is read again. Mutations call it on success with the areas they changed.
 */
export function useInvalidate(...prefixes: QueryKey[]): () => Promise<void> {
  const queryClient = useQueryClient();
  const key = JSON.stringify(prefixes);
  return useCallback(
    async () => {
      await Promise.all((JSON.parse(key) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient, key],
  );
}
