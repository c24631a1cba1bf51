import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { Icon } from "~/components/ui/icon";
import { BRAND, STATS } from "~/content/site";
import { AuthPanel } from "~/features/auth/auth-panel";
import { configuredSocialProviders } from "~/backend/auth/better-auth.server";
import { getUser } from "~/backend/auth/session.server";
import { socialNotConfigured } from "~/content/auth";
import type { SocialFlags } from "~/features/auth/auth-result";
import { AUTH_ERRORS, AUTH_LIMITS } from "~/domain/auth";
import { loginSchema, signupSchema } from "~/domain/auth-schemas";
import { startSocialLogin, submitLogin, submitSignup } from "~/backend/auth/account.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { tooManyRequests } from "~/backend/rate-limit.server";
import { safeRedirect } from "~/features/auth/redirect";
import { redirectWithFlash } from "~/backend/flash.server";
import { staffRoleOf } from "~/backend/staff/staff.server";
import { staffLanding } from "~/domain/staff";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `Log in or sign up — ${BRAND}`,
      description: `Log in to ${BRAND} or create a free account to keep your pet's breed report, health reminders and care plan in one place.`,
      path: "/auth",
    },
    baseUrlFrom(matches),
  );

export const headers = actionOrLoaderHeaders;

/** Signed-in visitors have nothing to do here; everyone else learns which social logins work. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/");
  return { social: configuredSocialProviders() satisfies SocialFlags };
}

/**
 * Logs in, signs up (by `intent`) or starts a social login. Success sets the session
 * cookie and a one-time flash, then redirects to `redirectTo` (a path on this site) or home;
 * a vet logging in without one lands on their console (domain/staff.ts staffLanding).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const url = new URL(request.url);
  const asked = form.get("redirectTo") ?? url.searchParams.get("redirectTo");
  const redirectTo = safeRedirect(asked);

  if (intent === "login") {
    const submission = await parseSubmission(form, loginSchema, {
      rateLimit: { bucket: "login", key: context.clientIp },
      echo: { email: AUTH_LIMITS.email },
    });
    if (!submission.ok) return data({ intent: "login" as const, ...submission.reply() }, submission.init);
    const outcome = await submitLogin(submission.value, request);
    if (!outcome.ok && outcome.reason === "tooManyAttempts") {
      const limited = tooManyRequests(outcome.retryAfterSeconds);
      return data(
        { intent: "login" as const, ...submission.reply({ formError: limited.message }) },
        limited.init,
      );
    }
    if (!outcome.ok) {
      const formError = AUTH_ERRORS.invalidCredentials;
      return data({ intent: "login" as const, ...submission.reply({ formError }) }, { status: 401 });
    }
    // No page to go back to: staff land where their work is (a vet, /vet), everyone else home.
    const landing = safeRedirect(asked, "") || staffLanding(await staffRoleOf(outcome.user ?? null)) || "/";
    throw redirectWithFlash(request, landing, "login", outcome.headers, { document: true });
  }

  if (intent === "signup") {
    const submission = await parseSubmission(form, signupSchema, {
      rateLimit: { bucket: "signup", key: context.clientIp },
      echo: { name: AUTH_LIMITS.name, email: AUTH_LIMITS.email, petName: AUTH_LIMITS.petName, petType: 10 },
    });
    if (!submission.ok) return data({ intent: "signup" as const, ...submission.reply() }, submission.init);
    // The confirmation mail's link comes back to where the sign-up was going (e.g. an invitation).
    const outcome = await submitSignup(submission.value, request, redirectTo);
    if (!outcome.ok) {
      const errors = { password: AUTH_ERRORS.passwordTooShort };
      return data({ intent: "signup" as const, ...submission.reply({ errors }) }, { status: 400 });
    }
    throw redirectWithFlash(request, redirectTo, "signup", outcome.headers, { document: true });
  }

  if (intent === "social") {
    const provider = form.get("provider");
    if (provider !== "google" && provider !== "facebook") refuseForm("Unknown sign-in provider.");
    const started = await startSocialLogin(provider, request);
    if (!started) {
      const formError = socialNotConfigured(provider);
      return data({ intent: "social" as const, ok: false as const, formError }, { status: 400 });
    }
    throw redirect(started.url, { headers: started.headers });
  }

  refuseForm();
}

const BENEFITS = [
  { icon: "scan-search", text: `Breed detection for ${STATS.breeds} breeds from a single photo` },
  { icon: "heart-pulse", text: "Health recommendations made for your pet" },
  { icon: "clipboard-list", text: "A personal care plan for feeding, exercise and grooming" },
] as const;

export default function Auth({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-5xl items-start gap-10 lg:grid-cols-2 lg:gap-16">
      <div className="min-w-0 lg:pt-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
          Welcome to {BRAND}
        </h1>
        <p className="mt-4 text-lg text-ink-700">
          Log in to your account or create a new one to start caring smarter for your dog or cat.
        </p>
        <ul className="mt-8 hidden space-y-4 lg:block">
          {BENEFITS.map(({ icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-ink-800">
              <Icon name={icon} className="size-10 rounded-xl bg-brand-100 p-2 text-brand-800" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="mx-auto w-full max-w-md min-w-0 lg:max-w-none">
        <AuthPanel
          login={resultFor(actionData, "login")}
          signup={resultFor(actionData, "signup")}
          socialError={resultFor(actionData, "social")?.formError}
          social={loaderData.social}
        />
      </div>
    </div>
  );
}
