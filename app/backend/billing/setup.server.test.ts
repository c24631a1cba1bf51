import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "~tests/support/fake-stripe";
import { setUpBilling } from "./setup.server";

let fake: FakeStripe;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: "whsec_setup", seedPrices: false });
  process.env.STRIPE_SECRET_KEY = "sk_test_setup";
  process.env.STRIPE_API_URL = fake.url;
});

afterAll(async () => {
  process.env = saved;
  await fake.close();
});

describe("npm run billing:setup", () => {
  it("creates the two products and four prices once; a second run creates nothing", async () => {
    const lines: string[] = [];
    expect(await setUpBilling((line) => lines.push(line))).toEqual({ created: 6 });
    const prices = [...fake.state.prices.values()].map((price) => [price.lookup_key, price.unit_amount]);
    expect(prices.sort()).toEqual([
      ["pawpal_premium_month", 1999],
      ["pawpal_premium_year", 19999],
      ["pawpal_pro_month", 999],
      ["pawpal_pro_year", 9999],
    ]);
    expect([...fake.state.products.keys()].sort()).toEqual(["pawpal_premium", "pawpal_pro"]);

    expect(await setUpBilling(() => {})).toEqual({ created: 0 });
    expect(fake.state.prices.size).toBe(4);
  });
});
