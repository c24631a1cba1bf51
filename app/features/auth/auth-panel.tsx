import { useState } from "react";
import { useSearchParams } from "react-router";
import { TabList, TabPanel } from "~/components/ui/tabs";
import type { FormReply } from "~/domain/forms";
import type { LoginField, SignupField } from "~/domain/auth-schemas";
import type { SocialFlags } from "./auth-result";
import { PLAN_IDS, type PlanId } from "~/domain/plans";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";

export type AuthTab = "login" | "signup";

/** The plan named in `?plan=`, if it is one of ours. */
export function planFromSearch(searchParams: URLSearchParams): PlanId | undefined {
  const plan = searchParams.get("plan");
  return PLAN_IDS.find((known) => known === plan);
}

/**
 * The open tab: `?tab=signup` or `?tab=login`; Login by default, Sign Up when a plan was
 * picked on the pricing page (`?plan=pro`) without naming a tab.
 */
export function tabFromSearch(searchParams: URLSearchParams): AuthTab {
  const tab = searchParams.get("tab");
  if (tab === "signup" || tab === "login") return tab;
  return planFromSearch(searchParams) ? "signup" : "login";
}

function hrefForTab(searchParams: URLSearchParams, tab: AuthTab) {
  const next = new URLSearchParams(searchParams);
  next.set("tab", tab);
  return `?${next}`;
}

const ID_PREFIX = "auth";

type AuthPanelProps = {
  /** The action's answer to a rejected login or sign-up, if that was the latest submission. */
  login: FormReply<LoginField> | undefined;
  signup: FormReply<SignupField> | undefined;
  /** Why a social login could not start. */
  socialError: string | undefined;
  social: SocialFlags;
};

/** Login and Sign Up as two tabs. The open tab lives in the URL, so links and reloads keep it. */
export function AuthPanel({ login, signup, socialError, social }: AuthPanelProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTab = tabFromSearch(searchParams);
  const plan = planFromSearch(searchParams);

  // The tab switches at once; the URL follows (replace, no reload) and wins if it changes by itself.
  const [tab, setTab] = useState(urlTab);
  const [lastUrlTab, setLastUrlTab] = useState(urlTab);
  if (urlTab !== lastUrlTab) {
    setLastUrlTab(urlTab);
    setTab(urlTab);
  }

  function selectTab(next: AuthTab) {
    setTab(next);
    setSearchParams((current) => new URLSearchParams(hrefForTab(current, next)), {
      replace: true,
      preventScrollReset: true,
    });
  }

  const tabs = [
    { value: "login", label: "Login", href: hrefForTab(searchParams, "login") },
    { value: "signup", label: "Sign Up", href: hrefForTab(searchParams, "signup") },
  ] as const;

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:p-8">
      <TabList
        label="Log in or sign up"
        idPrefix={ID_PREFIX}
        tabs={tabs}
        value={tab}
        onValueChange={selectTab}
      />
      <TabPanel idPrefix={ID_PREFIX} value="login" selected={tab === "login"} className="mt-6">
        <h2 className="text-2xl font-bold text-ink-900">Welcome back</h2>
        <p className="mt-1 mb-6 text-ink-600">Log in with your email and password.</p>
        <LoginForm result={login} social={social} socialError={socialError} />
      </TabPanel>
      <TabPanel idPrefix={ID_PREFIX} value="signup" selected={tab === "signup"} className="mt-6">
        <h2 className="text-2xl font-bold text-ink-900">Create your account</h2>
        <p className="mt-1 mb-6 text-ink-600">It's free to start and takes less than a minute.</p>
        <SignupForm result={signup} plan={plan} />
      </TabPanel>
    </div>
  );
}
