/**
 * Who an SSO identity signs in as, and the team membership it brings.
 *
 * The identity provider of a team speaks for the addresses of that team's verified domains and
 * for nothing else: a connection's answer whose e-mail is on another domain is refused, since
 * whoever runs the team's IdP could otherwise name any address (someone else's account on
 * another domain). On a verified domain the address counts as verified.
 *
 * A subject (OIDC `sub`, SAML NameID) already seen by the connection is its user. A new subject
 * whose address is some user's sign-in address follows the project's merge strategy, the same
 * rule as OAuth sign-in (services/oauth/accounts.ts): `link_method` links only when the
 * existing account verified the address; `raise_error` refuses; `allow_duplicates` makes a new
 * user whose copy of the address is not used for sign-in. Otherwise it is a sign-up (refused
 * when the project does not allow sign-up, judged by the sign-up rules).
 *
 * Every sign-in through a connection makes the user a member of its team when they are not one
 * yet, with the connection's default team permissions (the project's member defaults when the
 * connection names none), in the transaction that links the identity.
 */
import type { Queryable } from "../../db/db";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { insertGrant } from "../../db/queries/permission-grants";
import { findSsoIdentityUser, findVerifiedDomain, insertSsoIdentity } from "../../db/queries/sso";
import { insertTeamMember } from "../../db/queries/teams";
import { findAuthByEmail } from "../../db/queries/users";
import type { SsoConnection } from "../../domain/sso";
import { KnownError } from "../../errors";
import { normalizeEmail } from "../auth/passwords";
import type { ServiceDeps } from "../deps";
import { expansionOf } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import { admitSignUp } from "../sign-up-rules/admission";
import { joinTeam } from "../teams/team-membership";
import { createUser } from "../users/user-changes";
import { recordMembershipEvent, recordPermissionEvent } from "../webhooks/events";
import { emailDomain } from "./enforcement";

export interface SsoIdentity {
  subject: string;
  email: string | null;
  displayName: string | null;
}

/** Makes the user a member of the connection's team, unless they are one. */
async function joinConnectionTeam(q: Queryable, tenancy: Tenancy, connection: SsoConnection, userId: string): Promise<void> {
  if (connection.defaultPermissions.length === 0) {
    await joinTeam(q, tenancy, connection.teamId, userId);
    return;
  }
  if (!(await insertTeamMember(q, tenancy, connection.teamId, userId))) return;
  const defined = expansionOf(tenancy.config, "team");
  for (const permissionId of connection.defaultPermissions) {
    if (defined.has(permissionId) && (await insertGrant(q, tenancy, "team", { teamId: connection.teamId, userId, permissionId }))) {
      await recordPermissionEvent(q, tenancy, "team", "created", { teamId: connection.teamId, userId, permissionId });
    }
  }
  await recordMembershipEvent(q, tenancy, "team_membership.created", { teamId: connection.teamId, userId });
}

function addressTaken(email: string, wouldWorkIfVerified: boolean) {
  return new KnownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", {
    type: "email",
    contact_channel_value: email,
    would_work_if_email_was_verified: wouldWorkIfVerified,
  });
}

export async function signInWithSsoIdentity(
  deps: ServiceDeps,
  tenancy: Tenancy,
  connection: SsoConnection,
  identity: SsoIdentity,
  options: { countryCode?: string | null } = {},
): Promise<{ userId: string; isNewUser: boolean }> {
  if (!identity.email) throw new KnownError("SSO_EMAIL_MISSING");
  let email: string;
  try {
    email = normalizeEmail(identity.email);
  } catch {
    throw new KnownError("SSO_EMAIL_MISSING");
  }
  const owner = await findVerifiedDomain(deps.db, tenancy, emailDomain(email));
  if (!owner || owner.teamId !== connection.teamId) throw new KnownError("SSO_EMAIL_DOMAIN_NOT_ALLOWED", { email });

  const link = (userId: string) => async (tx: Queryable) => {
    await insertSsoIdentity(tx, tenancy, { connectionId: connection.id, subject: identity.subject, userId, email });
    await joinConnectionTeam(tx, tenancy, connection, userId);
  };

  // The connection, its team or the account may be deleted while the IdP answered: the attempt
  // then ends as it would a moment later, when its flow is gone with the connection.
  const deletedMeanwhile = () => new KnownError("SSO_FLOW_UNKNOWN");
  const known = await findSsoIdentityUser(deps.db, tenancy, connection.id, identity.subject);
  if (known) {
    // The membership, its grants and their webhook events together.
    await unlessDeletedMeanwhile(() => deps.db.transaction((tx) => joinConnectionTeam(tx, tenancy, connection, known)), deletedMeanwhile);
    return { userId: known, isNewUser: false };
  }
  try {
    const existing = await findAuthByEmail(deps.db, tenancy, email);
    let usedForAuth = true;
    if (existing) {
      const strategy = tenancy.config.auth.oauth.accountMergeStrategy;
      if (strategy === "raise_error") throw addressTaken(email, false);
      if (strategy === "link_method") {
        if (!existing.emailVerified) throw addressTaken(email, true);
        await deps.db.transaction(link(existing.userId));
        return { userId: existing.userId, isNewUser: false };
      }
      usedForAuth = false;
    }
    if (!tenancy.config.auth.allowSignUp) throw new KnownError("SIGN_UP_NOT_ENABLED");
    const admission = await admitSignUp(deps, tenancy, { email, authMethod: "oauth", oauthProvider: "sso", countryCode: options.countryCode });
    const user = await createUser(
      deps,
      tenancy,
      {
        ...admission,
        displayName: identity.displayName?.slice(0, 256) ?? null,
        primaryEmail: email,
        primaryEmailVerified: true,
        primaryEmailAuthEnabled: usedForAuth,
      },
      (tx, userId) => link(userId)(tx),
    );
    return { userId: user.id, isNewUser: true };
  } catch (error) {
    // Another sign-in with the same subject or address won the race.
    if (error instanceof KnownError && error.code === "USER_EMAIL_ALREADY_EXISTS") throw addressTaken(email, false);
    if (isUniqueViolation(error)) throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "this identity was signed in at the same moment elsewhere; try again" });
    if (isForeignKeyViolation(error)) throw deletedMeanwhile();
    throw error;
  }
}
