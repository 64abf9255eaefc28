import { listOutbox } from "../../db/queries/email-outbox";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

export const listSentEmails = (deps: ServiceDeps, tenancy: Tenancy, page: { limit: number; cursor?: string }) =>
  listOutbox(deps.db, tenancy, page);
