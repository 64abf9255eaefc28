import { useSuspenseQuery } from "@tanstack/react-query";
import { getCurrentProject, getGetCurrentProjectQueryKey, type ClientProject } from "../../react-query";

export type Project = ClientProject;

/** Settings change rarely and every page reads them; a minute's staleness is fine for a sign-in page. */
const PROJECT_STALE_MILLIS = 60_000;

/** The project's public settings (`GET /projects/current`): its name and which sign-in methods are on. Suspends while loading. */
export function useProject(): Project {
  const { data } = useSuspenseQuery({
    queryKey: getGetCurrentProjectQueryKey(),
    queryFn: ({ signal }) => getCurrentProject({ signal }),
    staleTime: PROJECT_STALE_MILLIS,
  });
  return data;
}
