/**
 * The customers that payments belong to (SPEC §3, CONTRACT "payments"): a user, a team, or a
 * custom customer named by the app. A client may name only itself and the teams it belongs
 * to; anything else reads as absent, exactly as a customer that does not exist, so the answer
 * reveals nothing about other users or teams. Custom customers are the app's own ids, which
 * only the app's server may name.
 */
import { findTeam, isTeamMember } from "../../db/queries/teams";
import { findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

export const CUSTOMER_TYPES = ["user", "team", "custom"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface Customer {
  type: CustomerType;
  id: string;
}

/** Who asks: with client access, the signed-in user; server and admin access see every customer. */
export type CustomerCaller = { access: "client"; userId: string } | { access: "server" | "admin" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveCustomer(deps: ServiceDeps, tenancy: Tenancy, caller: CustomerCaller, customer: Customer): Promise<Customer> {
  const absent = () => new KnownError("CUSTOMER_DOES_NOT_EXIST", { customer_id: customer.id });
  switch (customer.type) {
    case "custom":
      if (caller.access === "client") {
        throw new KnownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["server", "admin"] });
      }
      return customer;
    case "user":
      if (!UUID.test(customer.id)) throw absent();
      if (caller.access === "client" ? caller.userId !== customer.id : !(await findUser(deps.db, tenancy, customer.id))) throw absent();
      return customer;
    case "team":
      if (!UUID.test(customer.id)) throw absent();
      if (caller.access === "client" ? !(await isTeamMember(deps.db, tenancy, customer.id, caller.userId)) : !(await findTeam(deps.db, tenancy, customer.id))) {
        throw absent();
      }
      return customer;
  }
}
