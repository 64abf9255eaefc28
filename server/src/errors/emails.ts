import { knownError } from "./define";

/** E-mail preferences. Ours, not Stack Auth's: its catalogue has no codes for these cases. */
export const emailErrors = {
  NOTIFICATION_CATEGORY_NOT_FOUND: knownError<{ notification_category_id: string }>(
    404,
    (d) => `There is no notification category ${d.notification_category_id}.`,
  ),
  NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED: knownError<{ notification_category_id: string }>(
    400,
    () => "Transactional e-mail (sign-in codes, verification, password resets) cannot be turned off.",
  ),
};
