import { findUser } from "../../db/queries/users";
import type { User } from "./user";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export async function getOwnUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<User> {
  const user = await findUser(deps.db, tenancy, userId);
  // The token outlived its user (deleted meanwhile): treat it as no user.
  if (!user) throw new KnownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
  return user;
}
