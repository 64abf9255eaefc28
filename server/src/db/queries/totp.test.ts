import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { signUpWithTotp } from "../../testing/totp";
import type { Tenant } from "./tenant";
import { claimTotpStep, findTotpState } from "./totp";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let tenant: Tenant;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  tenant = { projectId: project.projectId, branchId: "main" };
});

const totpUser = async () => (await signUpWithTotp(t, project.client)).userId;

describe("claimTotpStep", () => {
  it("claims only a step later than the last one", async () => {
    const userId = await totpUser();
    expect(await findTotpState(t.db, tenant, userId)).toMatchObject({ sealedSecret: expect.stringMatching(/^v1\./), lastUsedStep: null });
    expect(await claimTotpStep(t.db, tenant, userId, 1000)).toBe(true);
    expect(await claimTotpStep(t.db, tenant, userId, 1000)).toBe(false);
    expect(await claimTotpStep(t.db, tenant, userId, 999)).toBe(false);
    expect(await claimTotpStep(t.db, tenant, userId, 1001)).toBe(true);
    expect((await findTotpState(t.db, tenant, userId))?.lastUsedStep).toBe(1001);
    expect(await claimTotpStep(t.db, { ...tenant, projectId: "internal" }, userId, 2000)).toBe(false);
  });

  it("lets one of two overlapping transactions claim a step, even when both read it as free first", async () => {
    const userId = await totpUser();
    // The first transaction claims the step and holds its row lock for a moment; the second
    // reads the step as free (the claim is not committed yet) and then tries to claim it.
    // On PostgreSQL the second waits for the lock and must then find the step taken; PGlite
    // runs the two one after the other, which must give the same answer.
    let firstHasClaimed!: () => void;
    const firstClaim = new Promise<void>((resolve) => (firstHasClaimed = resolve));
    const first = t.db.transaction(async (tx) => {
      const claimed = await claimTotpStep(tx, tenant, userId, 5000);
      firstHasClaimed();
      await sleep(300);
      return claimed;
    });
    const second = firstClaim.then(() =>
      t.db.transaction(async (tx) => {
        const seen = await findTotpState(tx, tenant, userId);
        return { seen: seen?.lastUsedStep, claimed: await claimTotpStep(tx, tenant, userId, 5000) };
      }),
    );
    const [firstClaimed, secondOutcome] = await Promise.all([first, second]);
    expect(firstClaimed).toBe(true);
    expect(secondOutcome.claimed).toBe(false);
    if (t.db.kind === "postgres") expect(secondOutcome.seen).toBeNull();
  });

  it("claims nothing for a user without a TOTP secret", async () => {
    const project = await createProjectFixture(t);
    const plain = { projectId: project.projectId, branchId: "main" };
    expect(await claimTotpStep(t.db, plain, project.user.userId, 1)).toBe(false);
    expect(await findTotpState(t.db, plain, project.user.userId)).toEqual({ sealedSecret: null, lastUsedStep: null });
  });
});
