import { describe, expect, it } from "vitest";
import { FAQ_ITEMS } from "./plans";
import { faqJsonLd, productJsonLd } from "./structured-data";

describe("structured data", () => {
  it("describes the six questions as a FAQPage", () => {
    const data = faqJsonLd();
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(6);
    expect(data.mainEntity[0]).toEqual({
      "@type": "Question",
      name: FAQ_ITEMS[0]!.question,
      acceptedAnswer: { "@type": "Answer", text: FAQ_ITEMS[0]!.answer },
    });
  });

  it("offers every plan and billing period in US dollars", () => {
    const data = productJsonLd("https://pawpal.example");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("PawPal");
    expect(data.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ["Free", "0.00", "USD"],
      ["Pro (billed monthly)", "9.99", "USD"],
      ["Pro (billed yearly)", "99.99", "USD"],
      ["Premium (billed monthly)", "19.99", "USD"],
      ["Premium (billed yearly)", "199.99", "USD"],
    ]);
    expect(data.offers.every((offer) => offer.url === "https://pawpal.example/pricing")).toBe(true);
  });
});
