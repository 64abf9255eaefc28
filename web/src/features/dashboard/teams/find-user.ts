import { api } from "@gatehouse/clients/react";
import { emailProblem } from "../../../lib/validation";
import { UUID } from "../../../lib/uuid";

/** A user is named by id or by primary e-mail; null when the value can be neither. */
export function userReferenceProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return "Enter the user's id or e-mail address.";
  if (UUID.test(trimmed)) return null;
  return emailProblem(trimmed) === null ? null : "Enter a user id (such as 3f2c…-…) or a whole e-mail address.";
}

/** The lookup found nobody: its message is for the person at the form. */
export class UserNotFoundError extends Error {}

/**
 * The project's user with this id or primary e-mail. `GET /users?query=` matches parts of
 * names and addresses too, so only an exact match counts; restricted and anonymous users
 * are users all the same. `request` is the project's admin request (useAdmin).
 */
export async function findUser(request: RequestInit, value: string): Promise<api.ServerUser> {
  const wanted = value.trim().toLowerCase();
  const { items } = await api.listUsers({ query: value.trim(), limit: 50, include_anonymous: "true", include_restricted: "true" }, request);
  const user = items.find((candidate) => candidate.id === wanted || candidate.primary_email?.toLowerCase() === wanted);
  if (!user) throw new UserNotFoundError(`No user of this project has the ${UUID.test(wanted) ? "id" : "e-mail address"} ${value.trim()}.`);
  return user;
}
