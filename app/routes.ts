import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("terms", "routes/legal/terms.tsx"),
  route("privacy", "routes/legal/privacy.tsx"),
  route("admin/messages", "routes/admin/messages.tsx"),
  route("admin/messages/:id", "routes/admin/message.tsx"),
  route("pets", "routes/pets/pets.tsx"),
  route("family", "routes/family/family.tsx"),
  route("family/join", "routes/family/join.tsx"),

  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("api/nearby", "routes/resources/nearby.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
