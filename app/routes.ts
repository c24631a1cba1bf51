import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { STAFF_PAGES } from "./domain/staff";

export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("accuracy", "routes/marketing/accuracy.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("emergency", "routes/emergency/emergency.tsx"),
  route("emergency/vets", "routes/emergency/vets-near.tsx"),
  route("emergency/country", "routes/emergency/country.ts"),
  // The pages that are one form or card share their tinted frame (no loader: nothing to fetch).
  layout("routes/layouts/form-page.tsx", [
    route("auth", "routes/auth/auth.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("verify-email", "routes/account/verify-email.tsx"),
    route("family/join", "routes/family/join.tsx"),
  ]),
  route("logout", "routes/account/logout.tsx"),
  route("terms", "routes/legal/terms.tsx"),
  route("privacy", "routes/legal/privacy.tsx"),
  // The staff pages come from their one table (domain/staff.ts), with who may open each.
  ...STAFF_PAGES.flatMap(({ path, files }) =>
    Object.entries(files).map(([below, file]) =>
      route([path.slice(1), below].filter(Boolean).join("/"), file),
    ),
  ),
  // So do the signed-in pages; the pet's own page has a frame of its own (it prints).
  layout("routes/layouts/account-page.tsx", [
    route("pets", "routes/pets/pets.tsx"),
    route("family", "routes/family/family.tsx"),
    route("account", "routes/account/account.tsx"),
    route("account/reminders", "routes/account/reminders.tsx"),
    route("account/notifications", "routes/account/notifications.tsx"),
    route("account/plan", "routes/account/plan.tsx"),
    route("chat", "routes/chat/chats.tsx"),
    route("consultations", "routes/consultations/consultations.tsx"),
  ]),
  route("account/plan/checkout", "routes/account/plan-checkout.ts"),
  route("pets/import", "routes/pets/import.tsx"),
  route("pets/:id", "routes/pets/pet.tsx"),
  route("pets/:id/fhir", "routes/pets/fhir-export.ts"),
  route("pets/:id/due", "routes/pets/due.tsx"),
  route("pets/:id/share", "routes/pets/share.tsx"),
  route("pets/:id/documents", "routes/pets/documents.tsx"),
  route("pets/:id/documents/:attachmentId", "routes/pets/document-file.ts"),
  route("share/:token", "routes/share/shared.tsx"),
  route("share/:token/pdf", "routes/share/shared-pdf.ts"),
  route("share/:token/photo", "routes/share/shared-photo.ts"),
  route("chat/:id", "routes/chat/conversation.tsx"),
  route("chat/:id/photos/:seq", "routes/chat/photo.ts"),
  route("consultations/:id", "routes/consultations/room.tsx"),
  route("account/export", "routes/account/export.ts"),
  route("reminders/unsubscribe", "routes/reminders/unsubscribe.tsx"),

  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("api/nearby", "routes/resources/nearby.ts"),
  route("api/analyses", "routes/resources/analyses.ts"),
  route("api/billing/webhook", "routes/resources/billing-webhook.ts"),
  route("calendar/:file", "routes/resources/calendar.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
