import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/share";
import { NotFound } from "~/components/layout/not-found";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import { careRefusal, mayAdd } from "~/domain/family";
import { accessTo } from "~/domain/pets";
import { presetSections, SHARE_ERRORS, SHARE_LIMITS, shareSchema, type ShareField } from "~/domain/shares";
import { formatDateTime } from "~/domain/time-format";
import { viewerTimeZone } from "~/domain/time-zone";
import { NewShareLink } from "~/features/shares/new-share-link";
import { ShareForm } from "~/features/shares/share-form";
import { ShareList } from "~/features/shares/share-list";
import { requireUser } from "~/backend/auth/session.server";
import { idOrNotFound, parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { requireAccessiblePet } from "~/backend/pets.server";
import { qrCodeImage } from "~/backend/share-qr.server";
import { createShare, endShare, listShares } from "~/backend/shares.server";
import { attachmentsOf } from "~/backend/attachments.server";
import { siteBaseUrl } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

/*
 * /pets/:id/share: the pet's share links (decision 22). The owner, or a family member who may add
 * to the pet's care, makes one (what it shows, for how long, for whom) and gets its link and QR
 * code once (only the token's hash is kept); every share is listed with its openings and ends at
 * once. Sharing works on every plan: a record belongs to its owner.
 */

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: error || !loaderData ? NOT_FOUND_TITLE : `Share ${loaderData.pet.name}'s records — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  return {
    pet: { id: pet.id, name: pet.name, ownerName: pet.ownerName },
    canShare: mayAdd(accessTo(pet)),
    preset: presetSections(new URL(request.url).searchParams.get("sections")),
    shares: (await listShares(user.id, pet.id)) ?? [],
    photos: (await attachmentsOf(pet.id, user.id))
      .filter((attachment) => attachment.contentType === "image/jpeg")
      .map(({ id, title }) => ({ id, title })),
    timeZone: viewerTimeZone(request),
  };
}

const SHARE_ECHO: Partial<Record<ShareField, number>> = {
  vaccinations: 2,
  medications: 2,
  visits: 2,
  weights: 2,
  vetSummaries: 2,
  notes: 2,
  hours: 4,
  note: SHARE_LIMITS.note,
  photoId: 36,
};

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "create-share") {
    const submission = await parseSubmission(form, shareSchema, { echo: SHARE_ECHO });
    if (!submission.ok)
      return data({ intent: "create-share" as const, ...submission.reply() }, submission.init);
    const created = await createShare(user.id, pet.id, submission.value);
    if (!created) throw data(null, { status: 404 });
    if (created === "photo")
      return data(
        {
          intent: "create-share" as const,
          ...submission.reply({ errors: { photoId: SHARE_ERRORS.photoUnknown } }),
        },
        { status: 400 },
      );
    if (created === "full")
      return data(
        { intent: "create-share" as const, ...submission.reply({ formError: SHARE_ERRORS.tooMany }) },
        { status: 409 },
      );
    const link = `${siteBaseUrl()}/share/${created.token}`;
    return data({
      intent: "create-share" as const,
      ok: true as const,
      link,
      qrCode: qrCodeImage(link),
      expiresAt: created.expiresAt,
    });
  }

  if (intent === "end-share") {
    if (!(await endShare(user.id, pet.id, idOrNotFound(form.get("shareId")))))
      throw data(null, { status: 404 });
    return data({
      intent: "end-share" as const,
      ok: true as const,
      message: "The link was ended: it no longer opens.",
    });
  }

  refuseForm();
}

export default function SharePage({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, canShare, shares, photos, preset } = loaderData;
  const hydrated = useHydrated();
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  const created = actionData?.intent === "create-share" && actionData.ok ? actionData : undefined;
  const ended = actionData?.intent === "end-share" && actionData.ok ? actionData : undefined;
  const rejected = actionData?.intent === "create-share" && !actionData.ok ? actionData : undefined;

  useEffect(() => {
    if (ended) void toast.success(ended.message);
  }, [ended]);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:px-6 lg:py-14">
      <div className="mx-auto max-w-3xl space-y-6">
        <nav aria-label="Share page">
          <Link
            to={`/pets/${pet.id}`}
            className="text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            ← Back to {pet.name}
          </Link>
        </nav>
        <Card>
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink-900">
            Share or print {pet.name}'s records
          </h1>
          <p className="mt-2 text-ink-700">
            A link that a new vet, a kennel or a groomer opens without an account, on a phone or a desk, and
            can print: read-only, only the sections you choose, until it expires or you end it. You see each
            time it is opened.
          </p>
        </Card>
        {!hydrated && ended ? <FormMessage tone="success" title={ended.message} description="" /> : null}
        {created ? (
          <NewShareLink
            link={created.link}
            qrCode={created.qrCode}
            expires={formatDateTime(created.expiresAt, timeZone)}
          />
        ) : null}
        <Card>
          <h2 className="text-2xl font-bold text-ink-900">New share link</h2>
          {canShare ? (
            <div className="mt-4">
              {rejected?.formError ? (
                <FormMessage tone="error" title={rejected.formError} description="" className="mb-4" />
              ) : null}
              <ShareForm petName={pet.name} preset={preset} photos={photos} result={rejected} />
            </div>
          ) : (
            <p className="mt-2 text-ink-700">{careRefusal("add", pet.ownerName)}</p>
          )}
        </Card>
        {canShare ? (
          <Card>
            <h2 className="text-2xl font-bold text-ink-900">Links made</h2>
            <ShareList shares={shares} timeZone={timeZone} />
          </Card>
        ) : null}
      </div>
    </div>
  );
}
