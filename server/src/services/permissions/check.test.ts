import { describe, expect, it } from "vitest";
import { defaultProjectConfig, type ProjectConfig } from "../project-config/document";
import { definitionsOf, expandIds, expansionOf } from "./check";

function configWith(permissions: ProjectConfig["rbac"]["permissions"]): ProjectConfig {
  const config = defaultProjectConfig();
  config.rbac.permissions = permissions;
  return config;
}

describe("permission expansion", () => {
  const config = configWith({
    read: { scope: "team" },
    write: { scope: "team", containedPermissionIds: { read: true } },
    admin: { scope: "team", containedPermissionIds: { write: true, $delete_team: true } },
    billing: { scope: "project", containedPermissionIds: { invoices: true } },
    invoices: { scope: "project" },
  });

  it("expands containment transitively, per scope, with the system team permissions defined", () => {
    expect([...expandIds(config, "team", ["admin"])].sort()).toEqual(["$delete_team", "admin", "read", "write"]);
    expect([...expandIds(config, "project", ["billing"])].sort()).toEqual(["billing", "invoices"]);
    expect(expandIds(config, "team", ["billing", "gone"]).size).toBe(0);
    expect([...definitionsOf(config, "team").keys()]).toContain("$manage_api_keys");
  });

  it("computes the expansion once per rendered configuration object", () => {
    expect(expansionOf(config, "team")).toBe(expansionOf(config, "team"));
    expect(expansionOf(configWith({}), "team")).not.toBe(expansionOf(config, "team"));
  });

  it("tolerates a hand-edited cycle without looping", () => {
    const cyclic = configWith({
      a: { scope: "team", containedPermissionIds: { b: true } },
      b: { scope: "team", containedPermissionIds: { a: true } },
    });
    expect([...expandIds(cyclic, "team", ["a"])].sort()).toEqual(["a", "b"]);
  });
});
