/**
 * What the SCIM service provider says about itself (RFC 7644 §4): its configuration, resource
 * types and schemas. Providers read these when an admin tests the connection.
 */
import type { JsonObject } from "./patch";
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, listResponse, USER_SCHEMA } from "./resources";
import { SCIM_MAX_BODY_BYTES, SCIM_MAX_PAGE_SIZE, SCIM_MAX_PATCH_OPERATIONS } from "./limits";

const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

export function serviceProviderConfig(baseUrl: string): JsonObject {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: `${baseUrl.replace(/\/api\/v1\/scim\/v2$/, "")}/docs/scim`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The SCIM directory's token, shown when the directory is made or its token rotated, as Authorization: Bearer <token>.",
        primary: true,
      },
    ],
    // Not in RFC 7643's schema; informative for whoever reads it.
    "urn:gatehouse:scim:limits": { maxPayloadSize: SCIM_MAX_BODY_BYTES, maxPatchOperations: SCIM_MAX_PATCH_OPERATIONS },
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string): JsonObject[] {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "A person of the team, a Gatehouse user of the project.",
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "A group of the team's people; the project's admin maps it to team permissions.",
      schema: GROUP_SCHEMA,
      meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (name: string, type: string, extra: JsonObject = {}): JsonObject => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export function schemas(baseUrl: string): JsonObject[] {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: "User",
      description: "User account",
      attributes: [
        attribute("userName", "string", { required: true, uniqueness: "server" }),
        attribute("externalId", "string", { caseExact: true }),
        attribute("name", "complex", {
          subAttributes: ["formatted", "familyName", "givenName", "middleName", "honorificPrefix", "honorificSuffix"].map((n) => attribute(n, "string")),
        }),
        attribute("displayName", "string"),
        attribute("active", "boolean"),
        attribute("emails", "complex", {
          multiValued: true,
          subAttributes: [attribute("value", "string"), attribute("type", "string", { canonicalValues: ["work", "home", "other"] }), attribute("primary", "boolean")],
        }),
        attribute("groups", "complex", {
          multiValued: true,
          mutability: "readOnly",
          subAttributes: [attribute("value", "string", { mutability: "readOnly" }), attribute("display", "string", { mutability: "readOnly" })],
        }),
      ],
      meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: "Group",
      description: "Group",
      attributes: [
        attribute("displayName", "string", { required: true, uniqueness: "server" }),
        attribute("externalId", "string", { caseExact: true }),
        attribute("members", "complex", {
          multiValued: true,
          subAttributes: [attribute("value", "string", { mutability: "immutable" }), attribute("display", "string", { mutability: "immutable" })],
        }),
      ],
      meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}

export const listOf = (resources: JsonObject[]) => listResponse(resources, resources.length, 1);
