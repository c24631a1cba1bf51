import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { staffLinksFor, type StaffRole } from "~/domain/staff";
import { MobileUserItems, UserMenu } from "./user-menu";

/** The signed-in menus as the header shows them: the root route's data lists the role's staff pages. */
function renderMenus(staffRole: StaffRole | null) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <>
          <UserMenu name="Ana" />
          <ul data-testid="phone-menu">
            <MobileUserItems name="Ana" navLinkClass={() => ""} onNavigate={() => {}} />
          </ul>
        </>
      ),
    },
  ]);
  render(
    <Stub hydrationData={{ loaderData: { root: { user: {}, staffLinks: staffLinksFor(staffRole) } } }} />,
  );
  fireEvent.click(screen.getByRole("button", { name: /account menu/ }));
  const desktop = document.getElementById("user-menu")!;
  const links = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
  return { desktop: links(desktop), phone: links(screen.getByTestId("phone-menu")) };
}

describe("the signed-in menu's staff pages", () => {
  it("gives a vet the vet console, first", () => {
    const { desktop, phone } = renderMenus("vet");
    expect(desktop[0]).toEqual(["Vet console", "/vet"]);
    expect(phone[0]).toEqual(["Vet console", "/vet"]);
    expect(desktop.map(([, href]) => href)).not.toContain("/admin/plans");
  });

  it("gives an admin plans, staff and the inbox", () => {
    expect(renderMenus("admin").desktop.slice(0, 3)).toEqual([
      ["Plans", "/admin/plans"],
      ["Staff", "/admin/staff"],
      ["Inbox", "/admin/messages"],
    ]);
  });

  it("gives support the inbox only", () => {
    const { desktop } = renderMenus("support");
    expect(desktop[0]).toEqual(["Inbox", "/admin/messages"]);
    expect(
      desktop.map(([, href]) => href).filter((href) => href!.startsWith("/admin") || href === "/vet"),
    ).toEqual(["/admin/messages"]);
  });

  it("gives an owner none", () => {
    const { desktop, phone } = renderMenus(null);
    for (const links of [desktop, phone]) {
      expect(
        links.map(([, href]) => href).filter((href) => href!.startsWith("/admin") || href === "/vet"),
      ).toEqual([]);
      expect(links[0]).toEqual(["My pets", "/pets"]);
    }
  });
});

describe("the desktop account menu", () => {
  function renderMenu() {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () => (
          <>
            <UserMenu name="Ana" />
            <button type="button">elsewhere</button>
          </>
        ),
      },
    ]);
    render(<Stub hydrationData={{ loaderData: { root: { user: {}, staffLinks: [] } } }} />);
    const button = screen.getByRole("button", { name: /account menu/ });
    const menu = document.getElementById("user-menu")!;
    return { button, menu };
  }

  it("opens and closes with its button", () => {
    const { button, menu } = renderMenu();
    expect(menu).toHaveClass("hidden");
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(menu).not.toHaveClass("hidden");
    fireEvent.click(button);
    expect(menu).toHaveClass("hidden");
  });

  it("closes with Escape and gives the focus back to its button", () => {
    const { button, menu } = renderMenu();
    fireEvent.click(button);
    within(menu).getByRole("link", { name: "My pets" }).focus();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(menu).toHaveClass("hidden");
    expect(button).toHaveFocus();
  });

  it("closes when the pointer or the focus goes elsewhere", () => {
    const { button, menu } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(within(menu).getByRole("link", { name: "My pets" }));
    expect(menu).not.toHaveClass("hidden");
    fireEvent.pointerDown(screen.getByRole("button", { name: "elsewhere" }));
    expect(menu).toHaveClass("hidden");
    fireEvent.click(button);
    fireEvent.focusIn(screen.getByRole("button", { name: "elsewhere" }));
    expect(menu).toHaveClass("hidden");
  });
});
