import fs from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/* Import rules per layer of app/ and for host/: which folders and packages each may not reach. */
const SERVER_CODE = {
  group: ["~/backend", "~/backend/**", "**/backend/**", "*.server", "*.server.*"],
  message:
    "Server-only code (app/backend, *.server.ts) must not reach the browser: only routes' loaders and actions and app/backend import it.",
};
const SERVER_PACKAGES = {
  group: [
    "node:*",
    "drizzle-orm",
    "drizzle-orm/*",
    "better-auth",
    "better-auth/*",
    "pg",
    "@electric-sql/*",
    "nodemailer",
    "express",
  ],
  message: "A server-side package: keep it in app/backend.",
};
const FEATURES = {
  group: ["~/features/**", "**/features/**"],
  message: "Shared code must not import a feature.",
};
const COMPONENTS = {
  group: ["~/components/**", "**/components/**"],
  message: "This layer does not render anything: no components.",
};
const ROUTES = {
  group: ["~/routes/**", "**/routes/**"],
  message: "Only the route table imports route modules.",
};
const REACT = {
  group: ["react", "react-dom", "react-dom/*", "react-router"],
  message: "app/domain and app/engine are plain TypeScript: no React.",
};
const DOMAIN = {
  group: ["~/domain", "~/domain/**", "**/domain/**"],
  message: "app/utils is below the domain: it imports no domain (move the helper into app/domain).",
};
const ABOVE_DOMAIN = {
  group: ["~/utils/*", "!~/utils/zod", "~/content/**", "~/engine/**", "../**"],
  message: "app/domain imports only the domain and zod (~/utils/zod).",
};
const ABOVE_ENGINE = {
  group: ["~/utils/*", "!~/utils/zod", "~/content/**", "**/content/**", "**/utils/*", "!**/utils/zod"],
  message: "app/engine imports only itself, the domain and zod (~/utils/zod).",
};
/** Every folder of app/features is a feature: a new one is covered without editing this file. */
const FEATURE_NAMES = fs
  .readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The features other than `name`, by ~/features/… or by a relative path (any ../ then the name). */
function otherFeatures(name) {
  const others = FEATURE_NAMES.filter((other) => other !== name).join("|");
  return {
    regex: `^(~/features/|(\\.\\./)+(features/)?)(${others})(/|$)`,
    message:
      "A feature must not import another feature: compose them in the route, or move what they share down a layer (components, domain, utils).",
  };
}
/* Inside app/backend: consultations use the chat (a room's chat), never the other way round, and
   the live channel's hub knows neither (they register with it: docs/decisions/020-one-live-channel.md). */
const CONSULTATIONS = {
  group: ["~/backend/consultations/**", "**/consultations/**"],
  message: "The chat must not import consultations: consultations build on the chat.",
};
const LIVE_FEATURES = {
  group: ["~/backend/chat/**", "~/backend/consultations/**", "**/chat/**", "**/consultations/**"],
  message:
    "The live hub knows no feature: a feature registers with it (backend/live/features.server.ts lists them).",
};

// zod must be configured before use (see app/utils/zod.ts).
const ZOD = { name: "zod", message: 'Import { z } from "~/utils/zod".' };

/** no-restricted-imports for one layer (tests may reach across: they set up what they test). */
function layer(files, patterns) {
  return {
    files,
    ignores: ["app/utils/zod.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "test-results-*/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Scrollable regions and tab panels must be focusable for keyboard users.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // The boundary between server and browser (docs/decisions/004-server-browser-boundary.md).
  // Route modules and the document shell may import anything: React Router keeps their loaders
  // and actions, and what only those use, out of the browser bundles.
  layer(["app/routes/**", "app/root.tsx", "app/entry.server.tsx", "app/load-context.ts"], []),
  layer(["app/backend/**"], [FEATURES, COMPONENTS, ROUTES]),
  layer(["app/backend/chat/**"], [FEATURES, COMPONENTS, ROUTES, CONSULTATIONS]),
  {
    ...layer(["app/backend/live/**"], [FEATURES, COMPONENTS, ROUTES, LIVE_FEATURES]),
    ignores: ["app/backend/live/features.server.ts", "**/*.test.ts"],
  },
  layer(["app/features/**"], [SERVER_CODE, SERVER_PACKAGES, ROUTES]),
  // Inside a feature's folder, the same and no other feature (docs/decisions/010-code-layout.md).
  ...FEATURE_NAMES.map((name) =>
    layer([`app/features/${name}/**`], [SERVER_CODE, SERVER_PACKAGES, ROUTES, otherFeatures(name)]),
  ),
  layer(["app/components/**", "app/content/**"], [SERVER_CODE, SERVER_PACKAGES, FEATURES, ROUTES]),
  layer(["app/utils/**"], [SERVER_CODE, SERVER_PACKAGES, FEATURES, ROUTES, DOMAIN]),
  layer(["app/domain/**"], [SERVER_CODE, SERVER_PACKAGES, FEATURES, COMPONENTS, ROUTES, REACT, ABOVE_DOMAIN]),
  // The analysis' pure logic, for the worker, the pages and the server alike (decision 10).
  layer(["app/engine/**"], [SERVER_CODE, SERVER_PACKAGES, FEATURES, COMPONENTS, ROUTES, REACT, ABOVE_ENGINE]),
  // The Express host serves the build: it may use the backend, domain, utils and content, never
  // what pages are made of (React Router loads the routes from the build, not by import).
  layer(["host/**"], [FEATURES, COMPONENTS, ROUTES]),
  {
    // Playwright fixtures call a function named `use`; it is not React's.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Specs take `test` from tests/e2e/support.ts: it gives every test a client address of its own.
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: 'Import { test, expect } from "./support".',
            },
          ],
        },
      ],
    },
  },
);
