import { Outlet } from "react-router";

/** The tinted frame of the pages that are one form or card (log in, passwords, joining a family). */
export default function FormPageLayout() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-12 sm:px-6 lg:py-20">
      <Outlet />
    </div>
  );
}
