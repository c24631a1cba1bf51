import { Outlet } from "react-router";

/** The tinted frame of the signed-in pages (pets, family, account, reminders); each page sets its own width. */
export default function AccountPageLayout() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-12 sm:px-6 lg:py-16">
      <Outlet />
    </div>
  );
}
