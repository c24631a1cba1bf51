import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * The import rules of eslint.config.js, run on code that breaks them: each must be an error,
 * so the boundary between server and browser code cannot erode silently.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length;
}

describe("the server/browser boundary", () => {
  // The first lint loads the config and the TypeScript parser: seconds on a busy machine.
  beforeAll(() => restrictedImports("app/domain/x.ts", "export {};\n"), 60_000);

  it.each([
    [
      "a feature importing the database",
      "app/features/pets/x.ts",
      'import { getDb } from "~/backend/db/client.server";',
    ],
    [
      "a feature importing a *.server module by relative path",
      "app/features/auth/x.ts",
      'import { flashCookie } from "../../backend/flash.server";',
    ],
    [
      "a feature importing a type from server code",
      "app/features/pets/x.ts",
      'import type { Database } from "~/backend/db/client.server";',
    ],
    ["a component importing drizzle", "app/components/ui/x.tsx", 'import { eq } from "drizzle-orm";'],
    ["shared utils importing Node's file system", "app/utils/x.ts", 'import fs from "node:fs";'],
    [
      "a shared component importing a feature",
      "app/components/layout/x.tsx",
      'import { PetForm } from "~/features/pets/pet-form";',
    ],
    ["domain code importing React", "app/domain/x.ts", 'import { useState } from "react";'],
    [
      "domain code importing server code",
      "app/domain/x.ts",
      'import { createPet } from "~/backend/pets.server";',
    ],
    ["domain code importing a helper of app/utils", "app/domain/x.ts", 'import { cn } from "~/utils/cn";'],
    ["domain code importing content", "app/domain/x.ts", 'import { BRAND } from "~/content/site";'],
    [
      "domain code importing app/utils by relative path",
      "app/domain/x.ts",
      'import { cn } from "../utils/cn";',
    ],
    ["the engine importing React", "app/engine/care-plan/x.ts", 'import { useState } from "react";'],
    [
      "the engine importing a feature",
      "app/engine/scores/x.ts",
      'import { scoresByBreed } from "~/features/analysis/engine/classify";',
    ],
    [
      "the engine importing server code",
      "app/engine/knowledge/x.ts",
      'import { getDb } from "~/backend/db/client.server";',
    ],
    ["the engine importing a server package", "app/engine/scores/x.ts", 'import fs from "node:fs";'],
    [
      "the engine importing a component",
      "app/engine/scores/x.ts",
      'import { Button } from "~/components/ui/button";',
    ],
    [
      "domain code importing the engine",
      "app/domain/x.ts",
      'import { findBreed } from "~/engine/knowledge/breeds";',
    ],
    ["app/utils importing the domain", "app/utils/x.ts", 'import { roundPoint } from "~/domain/geo";'],
    [
      "app/utils importing the domain by relative path",
      "app/utils/x.ts",
      'import { roundPoint } from "../domain/geo";',
    ],
    [
      "server code importing a feature",
      "app/backend/x.server.ts",
      'import { PetForm } from "~/features/pets/pet-form";',
    ],
    ["zod imported unconfigured", "app/features/pets/x.ts", 'import { z } from "zod";'],
    [
      "the host importing a feature",
      "host/x.ts",
      'import { BREED_MODEL_PATH } from "~/features/analysis/worker/protocol";',
    ],
    [
      "the host importing a feature by relative path",
      "host/x.ts",
      'import { PetForm } from "../app/features/pets/pet-form";',
    ],
    ["the host importing a component", "host/x.ts", 'import { Button } from "~/components/ui/button";'],
    ["the host importing a route module", "host/x.ts", 'import * as home from "~/routes/marketing/home";'],
    [
      "a feature importing another feature",
      "app/features/pets/x.tsx",
      'import { InviteForm } from "~/features/family/invite-form";',
    ],
    [
      "a feature importing another feature by relative path",
      "app/features/pets/x.tsx",
      'import { InviteForm } from "../family/invite-form";',
    ],
    [
      "a feature's subfolder importing another feature by relative path",
      "app/features/analysis/engine/x.ts",
      'import { PetForm } from "../../pets/pet-form";',
    ],
    [
      "the chat importing consultations",
      "app/backend/chat/x.server.ts",
      'import { findConsultation } from "~/backend/consultations/consultations.server";',
    ],
    [
      "the live hub importing the chat",
      "app/backend/live/x.server.ts",
      'import { sendMessage } from "~/backend/chat/conversations.server";',
    ],
    [
      "the live hub importing consultations by relative path",
      "app/backend/live/x.server.ts",
      'import { liveCall } from "../consultations/live-call.server";',
    ],
  ])("refuses %s", async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(1);
  });

  it.each([
    [
      "a route module importing server code",
      "app/routes/pets/x.tsx",
      'import { createPet } from "~/backend/pets.server";',
    ],
    [
      "a feature importing domain code",
      "app/features/pets/x.ts",
      'import { petSchema } from "~/domain/pets";',
    ],
    ["the engine importing the domain", "app/engine/scores/x.ts", 'import { SPECIES } from "~/domain/pets";'],
    [
      "the engine importing itself",
      "app/engine/care-plan/x.ts",
      'import { findBreed } from "../knowledge/breeds";',
    ],
    [
      "server code importing the engine",
      "app/backend/x.server.ts",
      'import { petHealth } from "~/engine/care-plan/pet-health";',
    ],
    ["domain code importing zod", "app/domain/x.ts", 'import { z } from "~/utils/zod";'],
    ["domain code importing the domain", "app/domain/x.ts", 'import { idSchema } from "./ids";'],
    [
      "server code importing domain code",
      "app/backend/x.server.ts",
      'import { petSchema } from "~/domain/pets";',
    ],
    [
      "consultations importing the chat",
      "app/backend/consultations/x.server.ts",
      'import { closeRoomChat } from "~/backend/chat/room-chat.server";',
    ],
    [
      "the list of the live channel's features importing them",
      "app/backend/live/features.server.ts",
      'import { liveChat } from "~/backend/chat/live-chat.server";',
    ],
    [
      "the host importing server code",
      "host/x.ts",
      'import { getUser } from "~/backend/auth/session.server";',
    ],
    ["the host importing domain code", "host/x.ts", 'import { BREED_MODEL_PATH } from "~/domain/analysis";'],
    ["the host importing a package", "host/x.ts", 'import express from "express";'],
    [
      "a feature importing its own module",
      "app/features/pets/x.tsx",
      'import { PetForm } from "./pet-form";',
    ],
    [
      "a feature importing its own module by ~ path",
      "app/features/pets/x.tsx",
      'import { PetForm } from "~/features/pets/pet-form";',
    ],
    [
      "a feature's subfolder importing its own feature",
      "app/features/analysis/engine/x.ts",
      'import { findBreed } from "../knowledge/breeds";',
    ],
    [
      "a feature's test importing another feature",
      "app/features/pets/x.test.tsx",
      'import { InviteForm } from "~/features/family/invite-form";',
    ],
  ])("allows %s", async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(0);
  });
});
