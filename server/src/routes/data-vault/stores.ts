import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { getDataVaultValue, setDataVaultValue } from "../../services/data-vault/stores";

const StoreParam = z.object({
  id: z
    .string()
    .max(63)
    .openapi({ param: { name: "id", in: "path" }, description: "A store declared in the configuration (dataVault.stores.<id>)" }),
});

// The SDK sends a base64 PBKDF2 digest as the key and an encrypted base64 blob as the value.
const HashedKey = z.string().min(1).max(512).openapi({ description: "The key, hashed by the client with its secret" });
const SetBody = z
  .strictObject({ hashed_key: HashedKey, encrypted_value: z.string().max(1_000_000).openapi({ description: "The value, encrypted by the client" }) })
  .openapi("DataVaultSet");
const GetBody = z.strictObject({ hashed_key: HashedKey }).openapi("DataVaultGet");
const ValueSchema = z.object({ encrypted_value: z.string() }).openapi("DataVaultValue");

const setDataVaultValueRoute = authenticatedRoute(SERVER_AND_UP, ["DATA_VAULT_STORE_DOES_NOT_EXIST"], {
  operationId: "setDataVaultValue",
  method: "post",
  path: "/data-vault/stores/{id}/set",
  tags: ["Data vault"],
  summary: "Store a value under a hashed key",
  description: "Replaces the value the hashed key held, if any. The server stores what it is given; encryption is the client's.",
  request: { params: StoreParam, body: jsonBody(SetBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const getDataVaultValueRoute = authenticatedRoute(SERVER_AND_UP, ["DATA_VAULT_STORE_DOES_NOT_EXIST", "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST"], {
  operationId: "getDataVaultValue",
  method: "post",
  path: "/data-vault/stores/{id}/get",
  tags: ["Data vault"],
  summary: "Read the value stored under a hashed key",
  request: { params: StoreParam, body: jsonBody(GetBody) },
  responses: { 200: jsonResponse(ValueSchema, "The encrypted value") },
});

export function registerDataVaultRoutes(router: Router): void {
  router.openapi(setDataVaultValueRoute, async (c) => {
    const { hashed_key, encrypted_value } = c.req.valid("json");
    await setDataVaultValue(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, hashed_key, encrypted_value);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(getDataVaultValueRoute, async (c) => {
    const value = await getDataVaultValue(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, c.req.valid("json").hashed_key);
    return c.json({ encrypted_value: value }, 200);
  });
}
