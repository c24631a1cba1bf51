import { data } from "react-router";
import type { Route } from "./+types/root";
import { getUser } from "~/backend/auth/session.server";
import { accountAccess } from "~/backend/billing/account-access.server";
import { staffRoleOf } from "~/backend/staff/staff.server";
import { staffLinksFor } from "~/domain/staff";
import { takeFlash } from "~/backend/flash.server";
import { siteBaseUrl } from "~/utils/seo";
import "./app.css";

// The page frame, the page and the error screen every route renders in (components/layout).
export {
  Document as Layout,
  Page as default,
  PageError as ErrorBoundary,
} from "~/components/layout/page-frame";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Opaque and small (3 KB): every page load fetches it.
  { rel: "apple-touch-icon", href: "/icon-maskable-192.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Prerendering has no cookies, so the build never opens the database.
  const { flash, headers } = takeFlash(request);
  const user = await getUser(request);
  // What the account's plan opens, so pages offer the right next step (domain/account-access.ts),
  // and a staff member's role, so the signed-in menu links the staff pages it may open.
  const [access, staffRole] = await Promise.all([user ? accountAccess(user.id) : null, staffRoleOf(user)]);
  // The menu's links to the staff pages the role may open (computed here: the rules stay off the page).
  return data(
    { baseUrl: siteBaseUrl(), user, access, staffLinks: staffLinksFor(staffRole), flash },
    { headers },
  );
}
