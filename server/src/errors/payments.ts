import { knownError } from "./define";

/** Payments: the customers that items, products, billing and invoices belong to. */
export const paymentErrors = {
  CUSTOMER_DOES_NOT_EXIST: knownError<{ customer_id: string }>(400, (d) => `Customer ${d.customer_id} does not exist.`),
};
