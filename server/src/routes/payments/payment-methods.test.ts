/** The payment-method routes the SDK's billing tab calls: who may reach them, and whose customer. */
import { signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import type { TestApp } from "../../testing/test-server";

const foreignUser = (action: "setup-intent" | "set-default") => async (ctx: { t: TestApp; project: ProjectFixture }) => {
  const other = (await signUpUser(ctx.t, ctx.project.client)).userId;
  return {
    path: `/payments/payment-method/user/${other}/${action}`,
    creds: { ...ctx.project.client, accessToken: ctx.project.user.accessToken },
    body: action === "set-default" ? { setup_intent_id: "seti_foreign" } : {},
    code: "CUSTOMER_ACCESS_DENIED" as const,
    details: { customer_type: "user", customer_id: other },
  };
};

describeSecurity({
  operationId: "createPaymentMethodSetupIntent",
  method: "POST",
  path: "/payments/payment-method/user/me/setup-intent",
  body: {},
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: foreignUser("setup-intent"),
});
describeSecurity({
  operationId: "setDefaultPaymentMethod",
  method: "POST",
  path: "/payments/payment-method/user/me/set-default",
  body: { setup_intent_id: "seti_missing" },
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: foreignUser("set-default"),
});
