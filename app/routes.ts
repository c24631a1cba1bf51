import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("emergency", "routes/emergency/emergency.tsx"),
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
  route("admin/messages", "routes/admin/messages.tsx"),
  route("admin/messages/:id", "routes/admin/message.tsx"),
  route("admin/plans", "routes/admin/plans.tsx"),
  route("admin/staff", "routes/admin/staff.tsx"),
  route("vet", "routes/vet/console.tsx"),
  // So do the signed-in pages; the pet's own page has a frame of its own (it prints).
  layout("routes/layouts/account-page.tsx", [
    route("pets", "routes/pets/pets.tsx"),
    route("family", "routes/family/family.tsx"),
    route("account", "routes/account/account.tsx"),
    route("account/reminders", "routes/account/reminders.tsx"),
    route("account/plan", "routes/account/plan.tsx"),
    route("chat", "routes/chat/chats.tsx"),
  ]),
  route("account/plan/checkout", "routes/account/plan-checkout.ts"),
  route("pets/:id", "routes/pets/pet.tsx"),
  route("pets/:id/due", "routes/pets/due.tsx"),
  route("chat/:id", "routes/chat/conversation.tsx"),
  route("chat/:id/photos/:seq", "routes/chat/photo.ts"),
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
