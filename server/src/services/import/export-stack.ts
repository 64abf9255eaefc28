/**
 * `gatehouse export`: a project's teams, then its users (anonymous ones left out), as Stack
 * Auth's shapes one per line (formats/stack.ts reads them back): the user as the server API
 * shows it, plus its password hash as stored and the ids of its teams. Read a page at a time
 * in id order, so a project of any size exports in constant memory.
 */
import type { Db } from "../../db/db";
import { exportTeamsPage, exportUsersPage } from "../../db/queries/imports";
import type { Tenant } from "../../db/queries/tenant";

const PAGE = 5000;
const millis = (value: Date | string) => new Date(value).getTime();

export async function exportStack(db: Db, tenant: Tenant, write: (line: string) => Promise<void>, onProgress?: (users: number) => void): Promise<{ users: number; teams: number }> {
  let teams = 0;
  for (let after: string | null = null; ; ) {
    const page = await exportTeamsPage(db, tenant, after, PAGE);
    for (const team of page) {
      await write(JSON.stringify({
        type: "team",
        id: team.id,
        display_name: team.display_name,
        profile_image_url: team.profile_image_url,
        client_metadata: team.client_metadata,
        client_read_only_metadata: team.client_read_only_metadata,
        server_metadata: team.server_metadata,
        created_at_millis: millis(team.created_at),
      }));
    }
    teams += page.length;
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  let users = 0;
  for (let after: string | null = null; ; ) {
    const page = await exportUsersPage(db, tenant, after, PAGE);
    for (const user of page) {
      await write(JSON.stringify({
        type: "user",
        id: user.id,
        primary_email: user.primary_email,
        primary_email_verified: user.primary_email_verified ?? false,
        display_name: user.display_name,
        profile_image_url: user.profile_image_url,
        client_metadata: user.client_metadata,
        client_read_only_metadata: user.client_read_only_metadata,
        server_metadata: user.server_metadata,
        signed_up_at_millis: millis(user.signed_up_at),
        has_password: user.password_hash !== null,
        password_hash: user.password_hash,
        oauth_providers: user.oauth_providers,
        team_ids: user.team_ids,
      }));
    }
    users += page.length;
    onProgress?.(users);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return { users, teams };
}
