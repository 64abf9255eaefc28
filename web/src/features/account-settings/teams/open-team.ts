import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

const TEAM_HASH = /^#teams\/(.+)$/;

/** The fragment that opens one team's panel: `#teams/<team id>`, a link to that team's settings. */
export function teamHash(teamId: string): string {
  return `teams/${encodeURIComponent(teamId)}`;
}

/** Which team's panel the URL opens, and a way to open another (or none). */
export function useOpenTeam(): [string | null, (teamId: string | null) => void] {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const match = TEAM_HASH.exec(hash);
  const open = useCallback(
    (teamId: string | null) => void navigate({ hash: teamId ? teamHash(teamId) : "teams" }, { replace: true }),
    [navigate],
  );
  return [match ? decodeURIComponent(match[1]!) : null, open];
}
