import type { CustomerType } from "./catalog-types";

/** Whom the customers page shows: a user, a team or a custom customer, by id. */
export interface Customer {
  type: CustomerType;
  id: string;
}
