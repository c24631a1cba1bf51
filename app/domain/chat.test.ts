import { describe, expect, it } from "vitest";
import { keepsGoNowAnswer, needsEmergencyHelp, NO_VET_AFTER_MS } from "./chat";

describe("the owner's emergency answer beside a conversation", () => {
  const created = new Date("2026-12-02T02:00:00Z");
  const after = (ms: number) => new Date(created.getTime() + ms);

  it("shows while it waits with no vet on duty, or once no vet took it in time", () => {
    const queued = { status: "queued" as const, createdAt: created };
    expect(needsEmergencyHelp(queued, 0, after(0))).toBe(true);
    expect(needsEmergencyHelp(queued, 1, after(NO_VET_AFTER_MS - 1))).toBe(false);
    expect(needsEmergencyHelp(queued, 1, after(NO_VET_AFTER_MS))).toBe(true);
    expect(needsEmergencyHelp({ ...queued, status: "active" }, 0, after(NO_VET_AFTER_MS))).toBe(false);
  });

  it("keeps “go now” while it waits and after a vet joins, until the vet has written or it ends", () => {
    const emergency = { urgency: "emergency" as const, status: "queued" as const };
    const joined = [{ authorRole: "owner" as const }, { authorRole: "system" as const }];
    expect(keepsGoNowAnswer(emergency, [{ authorRole: "owner" }])).toBe(true);
    expect(keepsGoNowAnswer({ ...emergency, status: "active" }, joined)).toBe(true);
    expect(keepsGoNowAnswer({ ...emergency, status: "active" }, [...joined, { authorRole: "vet" }])).toBe(
      false,
    );
    expect(keepsGoNowAnswer({ ...emergency, status: "ended" }, joined)).toBe(false);
    // Signs that can wait never say "go now".
    expect(keepsGoNowAnswer({ urgency: "today", status: "queued" }, [])).toBe(false);
  });
});
