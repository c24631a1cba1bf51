import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { VerifyEmailNotice } from "~/features/account/verify-email-notice";

/**
 * The tinted frame of the signed-in pages (pets, family, account, reminders); each page sets its
 * own width. An account whose address is not confirmed yet sees the notice above the page.
 */
export default function AccountPageLayout() {
  const user = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user;
  const { pathname } = useLocation();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-12 sm:px-6 lg:py-16">
      {user && !user.emailVerified && (
        <div className="mx-auto mb-8 max-w-5xl">
          <VerifyEmailNotice email={user.email} redirectTo={pathname} />
        </div>
      )}
      <Outlet />
    </div>
  );
}
