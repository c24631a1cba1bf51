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
    render(<EmergencyLineList lines={linesOf("IE")} />);
    const poison = within(screen.getByRole("list", { name: "Poison control" })).getByRole("listitem");
    expect(poison).toHaveTextContent("Your vet");
    expect(poison).toHaveTextContent(/We know of no animal poison line for pet owners in Ireland/);
    expect(within(poison).queryByRole("link")).not.toBeInTheDocument();
    const vet = within(screen.getByRole("list", { name: "24/7 animal emergency" })).getByRole("listitem");
    expect(vet).toHaveTextContent(/There is no national emergency vet number/);
  });

  it("shows an official finder as a link, and the UK's poison line as a number with its other sources", () => {
    render(<EmergencyLineList lines={linesOf("GB")} />);
    const vets = within(screen.getByRole("list", { name: "24/7 animal emergency" })).getAllByRole("listitem");
    expect(vets[0]).toHaveTextContent("RCVS Find a Vet");
    expect(within(vets[0]!).getByRole("link", { name: "Find a Vet by town or postcode" })).toHaveAttribute(
      "href",
      "https://findavet.rcvs.org.uk/",
    );
    expect(vets[1]).toHaveTextContent(/There is no national emergency vet number/);
    const call = screen.getByRole("link", { name: "Call Animal PoisonLine: 01202 509000" });
    expect(call).toHaveAttribute("href", "tel:+441202509000");
    const item = call.closest("li")!;
    expect(item).toHaveTextContent("Hours24 hours a day");
    expect(item).toHaveTextContent(
      /Source: Animal PoisonLine \(Veterinary Poisons Information Service\)\. Also: /,
    );
    expect(
      within(item).getByRole("link", { name: "Wangford Vet Clinic, a veterinary practice" }),
    ).toHaveAttribute("href", "https://www.wangfordvetclinic.com/page/20000/poisoning-in-pets");
  });

  it('in a "go now" answer, shows first the entry that reaches help at night', () => {
    render(<EmergencyLineList lines={linesOf("GB")} nightFirst />);
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "24/7 animal emergency",
      "Poison control",
      "Animal welfare emergency",
    ]);
    const first = screen.getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent(/^Official finderRCVS Find a Vet/);
  });

  it("marks a phone line that answers at night when it comes first", () => {
    render(<EmergencyLineList lines={linesOf("CA")} nightFirst />);
    const first = screen.getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent(/^Answers at nightPet Poison Helpline/);
    expect(
      within(first).getByRole("link", { name: "Call Pet Poison Helpline: (855) 764-7661" }),
    ).toHaveAttribute("href", "tel:+18557647661");
    expect(first).toHaveTextContent(/Number as Canadian veterinary practices publish it/);
  });

  it("keeps the specification's order where nothing is folded", () => {
    render(<EmergencyLineList lines={linesOf("GB")} />);
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "Poison control",
      "24/7 animal emergency",
      "Animal welfare emergency",
    ]);
    expect(screen.queryByText("Official finder")).not.toBeInTheDocument();
  });

  it("folds a kind behind its title when asked, without JavaScript (a native disclosure)", () => {
    render(<EmergencyLineList lines={linesOf("AU")} folded={["welfare"]} />);
    const welfare = screen.getByRole("list", { name: "Animal welfare emergency" });
    const details = welfare.closest("details")!;
    expect(details).not.toHaveAttribute("open");
    expect(details.querySelector("summary")).toHaveTextContent("Animal welfare emergency(8 entries)");
    // The other kinds stay open, under their headings: folding is the "go now" answer, and in
    // Australia, with no line answering at night for the whole country, the vets come first.
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "24/7 animal emergency",
      "Poison control",
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
