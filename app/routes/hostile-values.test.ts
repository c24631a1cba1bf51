import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openConversation } from "~/backend/chat/conversations.server";
import { getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import routes from "~/routes";
import { answer, setUpRouteTests, signUp, signUpStaff, type Account } from "~tests/support/route-requests";

/*
 * Every action of every route in routes.ts, sent hostile values in every field it reads: it
 * answers without a 5xx, and a refusal (4xx) stores nothing. The routes come from routes.ts and
 * the fields from the actions themselves (the names they read, learnt by running them, and the
 * ones their source names), so a new action or field is covered without a case of its own.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

/** Values no form of ours sends, or sends only at its edges. */
const HOSTILE: Record<string, string> = {
  empty: "",
  "70 KB": "x".repeat(70 * 1024),
  NUL: "a\u0000b",
  "control characters": "\u0001\u0007\u001b[31m\u007f",
  CRLF: "a\r\nSet-Cookie: pawpal=1\r\n\r\n",
  unicode: "Zoë 🐾 \u202e\u200b 日本 \ud800",
  "a number as text": "-1e309",
  "a long number": "123456789012345678901234567890",
  "a UUID of dashes": "-".repeat(36),
  "a UUID of letters": "a".repeat(36),
  "a UUID with a g": "00000000-0000-0000-0000-00000000000g",
  JSON: '{"__proto__":{"admin":true},"endpoint":"https://127.0.0.1/","keys":[1]}',
  "SQL and markup": "' OR 1=1; -- <script>alert(1)</script>",
};

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };

/** The route files with their full paths, as routes.ts declares them. */
function flatten(entries: readonly RouteEntry[], parent = ""): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ file: entry.file, path: full || "/" }, ...flatten(entry.children ?? [], full)];
  });
}

/**
 * What an action's module names in its source: the fields it reads (form.get("x"), getAll, has),
 * its intents (intent === "x", case "x":), and the choices it compares a field with (kind ===
 * "vaccination"): a field that selects what else is read is sent each of its choices too.
 */
function namesInSource(file: string) {
  const source = fs.readFileSync(path.resolve("app", file), "utf8");
  const all = (pattern: RegExp) => [...source.matchAll(pattern)];
  const choices = new Map<string, Set<string>>();
  for (const [, field, value] of all(/(\w+)\s*===\s*"([\w-]+)"/g)) {
    if (field === "intent") continue;
    choices.set(field!, (choices.get(field!) ?? new Set()).add(value!));
  }
  return {
    fields: all(/\.(?:get|getAll|has)\("([\w-]+)"\)/g).map((match) => match[1]!),
    intents: all(/intent\s*===\s*"([\w-]+)"|case\s+"([\w-]+)":/g).map((match) => (match[1] ?? match[2])!),
    choices,
  };
}

type Action = (args: never) => Promise<unknown>;

/** Runs `action` on `fields` (a field given twice when `repeat`), recording the names it reads. */
async function run(
  action: Action,
  route: string,
  who: Account,
  fields: Record<string, string>,
  read: Set<string>,
  repeat = false,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.append(name, value);
    if (repeat) body.append(name, value);
  }
  const request = new Request(`http://localhost${route}`, {
    method: "POST",
    headers: { cookie: who.cookie, Origin: "https://pawpal.example" },
    body,
  });
  const prototype = FormData.prototype;
  const original = { get: prototype.get, getAll: prototype.getAll, has: prototype.has };
  const spies = (["get", "getAll", "has"] as const).map((method) =>
    vi.spyOn(prototype, method).mockImplementation(function (this: FormData, name: string) {
      read.add(name);
      return (original[method] as (name: string) => unknown).call(this, name);
    } as never),
  );
  try {
    await resetRateLimits();
    return await answer(
      (args: never) =>
        action({ ...(args as object), context: { clientIp: "10.66.0.1", cspNonce: "" } } as never),
      request,
      paramsFor(route),
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

let owner: Account;
let vet: Account;
let admin: Account;
const ids: Record<string, string> = {};

/** The params of a path from routes.ts: the owner's own pet and conversation, so the checks behind them run. */
function paramsFor(route: string): Record<string, string> {
  const match = /^\/(pets|chat|consultations)\/([^/]+)/.exec(route);
  return match ? { id: match[2]! } : {};
}

let fingerprintQuery: string | undefined;

/** What the database holds, as one fingerprint per table (the rate limits aside: refusals count too). */
async function fingerprint(): Promise<string> {
  const db = await getDb();
  if (!fingerprintQuery) {
    const tables = (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limit'
          order by table_name`,
    )) as unknown as { rows: { name: string }[] };
    // Row counts and row versions (xmin changes on every insert and update).
    fingerprintQuery = tables.rows
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(t.xmin::text::bigint), 0)::text as print from "${name}" t`,
      )
      .join(" union all ");
  }
  const result = (await db.execute(sql.raw(fingerprintQuery))) as unknown as {
    rows: { name: string; print: string }[];
  };
  return result.rows.map((row) => `${row.name}=${row.print}`).join(" ");
}

/**
 * A 502-504 an action chose, saying why (payments not set up on this server, a service that did
 * not answer): not a crash. A 500 always is.
 */
const deliberateOutage = (status: number, body: Record<string, unknown>) =>
  status >= 502 && status <= 504 && typeof (body.error ?? body.formError) === "string";

const visitorOf = (route: string) => (route.startsWith("/admin") ? admin : route === "/vet" ? vet : owner);

beforeAll(async () => {
  owner = await signUp("Hugo Hostile", { plan: "premium" });
  vet = await signUpStaff("Dr. Val Values", "vet");
  admin = await signUpStaff("Ada Admin", "admin");
  const db = await getDb();
  const [rex] = await db.insert(pet).values({ userId: owner.id, name: "Rex", type: "dog" }).returning();
  ids.pet = rex!.id;
  const opened = await openConversation(
    owner,
    rex!.id,
    { body: "Limping since this morning", key: "hostile-1" },
    [],
  );
  if (!opened.ok) throw new Error(opened.error);
  ids.chat = opened.conversationId;
});

/** The actions, with a path that names the owner's rows where the route takes an id. */
const ACTION_ROUTES = flatten(routes as RouteEntry[])
  .filter(({ file }) =>
    /\bexport (?:async )?(?:function|const) action\b/.test(
      fs.readFileSync(path.resolve("app", file), "utf8"),
    ),
  )
  // Signing out last: the account's session is needed by the routes before it.
  .sort((a, b) => Number(a.file.endsWith("logout.tsx")) - Number(b.file.endsWith("logout.tsx")));

describe("hostile values in every field of every action", () => {
  it("finds the actions in routes.ts", () => {
    expect(ACTION_ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/pets", "/pets/:id", "/account/notifications", "/contact", "/vet"]),
    );
  });

  it.each(ACTION_ROUTES)(
    "$path ($file): no 5xx, and a refusal stores nothing",
    async ({ file, path: pattern }) => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", file))) as { action: Action };
      const route = pattern
        .replace("/pets/:id", `/pets/${ids.pet}`)
        .replace("/chat/:id", `/chat/${ids.chat}`)
        .replace(/:\w+/g, "00000000-0000-4000-8000-000000000000")
        .replace("*", "sign-in/email");
      const who = visitorOf(pattern);
      const source = namesInSource(file);
      const intents = [undefined, ...new Set(source.intents)];
      const problems: string[] = [];
      let stored = await fingerprint();
      const check = async (
        fields: Record<string, string>,
        label: string,
        read: Set<string>,
        repeat = false,
      ) => {
        const answered = await run(module.action, route, who, fields, read, repeat);
        const before = stored;
        stored = await fingerprint();
        if (answered.status >= 500 && !deliberateOutage(answered.status, answered.data))
          problems.push(`${label}: ${answered.status} ${JSON.stringify(answered.data).slice(0, 200)}`);
        else if (answered.status >= 400 && stored !== before)
          problems.push(`${label}: ${answered.status} but stored something`);
      };
      for (const intent of intents) {
        const base: Record<string, string> = intent ? { intent } : {};
        // The names this form reads: its source's, and those it reads when sent (learnt by running
        // it, with each choice its source compares a field with).
        const read = new Set<string>(source.fields);
        await run(module.action, route, who, base, read);
        const choices = [...source.choices].filter(([field]) => read.has(field));
        for (const [field, values] of choices)
          for (const value of values) await run(module.action, route, who, { ...base, [field]: value }, read);
        stored = await fingerprint();
        const every = (value: string) =>
          Object.fromEntries([...read].filter((name) => name !== "intent").map((name) => [name, value]));
        // Every field hostile; then again with each choice held, so the fields behind it are reached.
        const held = [
          {},
          ...choices.flatMap(([field, values]) => [...values].map((value) => ({ [field]: value }))),
        ];
        for (const choice of held) {
          const what = `intent ${intent ?? "(none)"}${Object.keys(choice).length ? ` with ${JSON.stringify(choice)}` : ""}`;
          for (const [label, value] of Object.entries(HOSTILE))
            await check({ ...every(value), ...choice, ...base }, `${what}, every field ${label}`, read);
          await check({ ...every("1"), ...choice, ...base }, `${what}, every field twice`, read, true);
        }
      }
      for (const [label, value] of Object.entries(HOSTILE))
        await check({ intent: value }, `the intent ${label}`, new Set());
      expect(problems).toEqual([]);
    },
  );
});
