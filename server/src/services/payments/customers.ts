/**
 * The customers that payments belong to (SPEC §3, CONTRACT "payments"): a user, a team, or a
 * custom customer named by the app.
 *
 * With client access (as in Stack Auth) a signed-in user may act only for itself and for the
 * teams in which it holds `team_admin`: another user, or any custom customer (whose ids are
 * the app's own), answers CUSTOMER_ACCESS_DENIED; a team it is not in, TEAM_MEMBERSHIP_NOT_FOUND;
 * a team it is in without `team_admin`, TEAM_PERMISSION_REQUIRED. Server and admin access may
 * name any customer. A user or team that does not exist answers USER_NOT_FOUND or
 * TEAM_NOT_FOUND; custom customers exist as soon as they are named.
 */
import { findTeam, isTeamMember } from "../../db/queries/teams";
import { findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { hasTeamPermission } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";

export const CUSTOMER_TYPES = ["user", "team", "custom"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface Customer {
  type: CustomerType;
  id: string;
}

/** Who asks: with client access, the signed-in user; server and admin access see every customer. */
export type CustomerCaller = { access: "client"; userId: string } | { access: "server" | "admin" };

/** The team permission a client needs to act for a team customer. */
export const TEAM_BILLING_PERMISSION = "team_admin";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses a client acting for a customer that is not its own (see the module comment); server and admin pass. */
export async function assertCallerMayActFor(deps: ServiceDeps, tenancy: Tenancy, caller: CustomerCaller, customer: Customer): Promise<void> {
  if (caller.access !== "client") return;
  const denied = () => new KnownError("CUSTOMER_ACCESS_DENIED", { customer_type: customer.type, customer_id: customer.id });
  if (customer.type === "custom") throw denied();
  if (customer.type === "user") {
    if (customer.id !== caller.userId) throw denied();
    return;
  }
  if (!UUID.test(customer.id) || !(await isTeamMember(deps.db, tenancy, customer.id, caller.userId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: customer.id, user_id: caller.userId });
  }
  if (!(await hasTeamPermission(deps, tenancy, customer.id, caller.userId, TEAM_BILLING_PERMISSION))) {
    throw new KnownError("TEAM_PERMISSION_REQUIRED", { team_id: customer.id, user_id: caller.userId, permission_id: TEAM_BILLING_PERMISSION });
  }
}

/** USER_NOT_FOUND or TEAM_NOT_FOUND when the customer names a user or team that does not exist. */
export async function assertCustomerExists(deps: ServiceDeps, tenancy: Tenancy, customer: Customer): Promise<void> {
  if (customer.type === "user" && (!UUID.test(customer.id) || !(await findUser(deps.db, tenancy, customer.id)))) {
    throw new KnownError("USER_NOT_FOUND");
  }
  if (customer.type === "team" && (!UUID.test(customer.id) || !(await findTeam(deps.db, tenancy, customer.id)))) {
    throw new KnownError("TEAM_NOT_FOUND", { team_id: customer.id });
  }
}

/** The caller's access check, then the customer's existence. */
export async function resolveCustomer(deps: ServiceDeps, tenancy: Tenancy, caller: CustomerCaller, customer: Customer): Promise<Customer> {
  await assertCallerMayActFor(deps, tenancy, caller, customer);
  await assertCustomerExists(deps, tenancy, customer);
  return customer;
}
