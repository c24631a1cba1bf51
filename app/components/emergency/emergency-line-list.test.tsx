import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { countryLines, isPhoneLine, type CountryCode } from "~/domain/emergency-lines";
import { EmergencyLineList, NO_FEE_STATED } from "./emergency-line-list";

const linesOf = (code: CountryCode) => countryLines(code).lines;

describe("EmergencyLineList", () => {
  it("groups a country's lines under the three kinds of the specification", () => {
    render(<EmergencyLineList lines={linesOf("GB")} />);
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Poison control",
      "24/7 animal emergency",
      "Animal welfare emergency",
    ]);
    expect(
      within(screen.getByRole("list", { name: "Poison control" })).getAllByRole("listitem"),
    ).toHaveLength(1);
    expect(
      within(screen.getByRole("list", { name: "Animal welfare emergency" })).getAllByRole("listitem"),
    ).toHaveLength(4);
  });

  it("shows a line's number as a tap-to-call link, who runs it, the fee, the hours, the region and the source", () => {
    render(<EmergencyLineList lines={linesOf("GB")} />);
    const call = screen.getByRole("link", { name: "Call RSPCA cruelty and advice line: 0300 1234 999" });
    expect(call).toHaveAttribute("href", "tel:+443001234999");
    const item = call.closest("li")!;
    expect(item).toHaveTextContent("England and Wales only");
    expect(item).toHaveTextContent("Run byRSPCA");
    expect(item).toHaveTextContent("FeeCosts the same as a call to a UK landline number");
    expect(item).toHaveTextContent("Hours7am–10pm, 7 days a week");
    expect(within(item).getByRole("link", { name: "RSPCA" })).toHaveAttribute(
      "href",
      "https://www.rspca.org.uk/utilities/contactus/reportcruelty",
    );
    expect(item).toHaveTextContent("Source: RSPCA");
  });

  it("says when the publisher names no fee, and shows a line's caveat", () => {
    render(<EmergencyLineList lines={linesOf("CA")} />);
    const bc = screen
      .getByRole("link", { name: "Call BC SPCA Animal Helpline: 1-855-622-7722" })
      .closest("li")!;
    expect(bc).toHaveTextContent(`Fee${NO_FEE_STATED}`);
    expect(bc).toHaveTextContent("British Columbia only");
    const aspca = screen.getByRole("link", {
      name: "Call ASPCA Animal Poison Control Center: (888) 426-4435",
    });
    expect(aspca).toHaveAttribute("href", "tel:+18884264435");
    expect(aspca.closest("li")).toHaveTextContent("FeeA consultation fee may apply");
    expect(aspca.closest("li")).toHaveTextContent(
      /A US service: the ASPCA page does not say it takes calls from Canada/,
    );
  });

  it("gives the sentence, and its source when it has one, where a country has no line of a kind", () => {
    render(<EmergencyLineList lines={linesOf("GB")} />);
    const poison = within(screen.getByRole("list", { name: "Poison control" })).getByRole("listitem");
    expect(poison).toHaveTextContent("Animal PoisonLine");
    expect(poison).toHaveTextContent(/its number is on animalpoisonline\.co\.uk/);
    expect(within(poison).queryByRole("link", { name: /^Call/ })).not.toBeInTheDocument();
    expect(within(poison).getByRole("link", { name: /Animal PoisonLine/ })).toHaveAttribute(
      "href",
      "https://www.animalpoisonline.co.uk/",
    );
    const vet = within(screen.getByRole("list", { name: "24/7 animal emergency" })).getByRole("listitem");
    expect(vet).toHaveTextContent(/There is no national emergency vet number/);
  });

  it("folds a kind behind its title when asked, without JavaScript (a native disclosure)", () => {
    render(<EmergencyLineList lines={linesOf("AU")} folded={["welfare"]} />);
    const welfare = screen.getByRole("list", { name: "Animal welfare emergency" });
    const details = welfare.closest("details")!;
    expect(details).not.toHaveAttribute("open");
    expect(details.querySelector("summary")).toHaveTextContent("Animal welfare emergency(8 entries)");
    // The other kinds stay open, under their headings.
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "Poison control",
      "24/7 animal emergency",
    ]);
  });

  it.each(["US", "CA", "GB", "IE", "AU"] as const)(
    "%s: one tap-to-call link per number, to its E.164 number",
    (code) => {
      render(<EmergencyLineList lines={linesOf(code)} />);
      const phoneLines = linesOf(code).filter(isPhoneLine);
      const links = screen.queryAllByRole("link", { name: /^Call / });
      expect(links.map((link) => link.getAttribute("href"))).toEqual(
        phoneLines.map((line) => `tel:${line.tel}`),
      );
    },
  );
});
