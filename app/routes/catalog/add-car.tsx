import { Form, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, redirectWithToast } from "~/.server/web/page-errors";
import { listCategories } from "~/.server/services/catalog/categories";
import { addCar, createCar } from "~/.server/services/catalog/cars";
import { ListingForm } from "~/components/catalog/listing-form";
import { primaryButtonClass } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { CONFIRM_EMAIL_TO_LIST, photosFromForm, carFormSchema } from "~/lib/schemas/catalog";
import { fillFromVin } from "~/lib/catalog/vin";
import { type Route } from "./+types/add-car";

export const meta: Route.MetaFunction = () => privatePageMeta("Add a product");

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "create:car");
  // An unconfirmed seller is told why they cannot list yet, instead of a form that would be refused.
  if (!seller.emailVerified) return { mustConfirm: true as const, email: seller.email };
  return { mustConfirm: false as const, categories: await listCategories(context.app), currentYear: context.app.now().getUTCFullYear() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "create:car");
  const form = await readFormBody(request, { upload: true });
  // Without JavaScript the VIN's maker and model year fill the fields left empty on the server.
  fillFromVin(form, context.app.now().getUTCFullYear(), ["make", "purchaseYear"]);
  const submission = parseForm(form, carFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { photo, images, smallImages, ...fields } = submission.value;
  // A refusal brings the form back filled in; a photo problem shows under the photos.
  return formAnswer(submission, async () => {
    // Photos uploaded from the browser come as URLs; without JavaScript, one photo file.
    if (images?.length) await createCar(context.app, seller, { ...fields, photos: photosFromForm(images, smallImages) });
    else await addCar(context.app, seller, fields, photo!);
    return redirectWithToast(context.app, PATHS.myCars, { type: "success", message: "Product added successfully" });
  });
}

export default function AddCar({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Add a product</h1>
      {loaderData.mustConfirm ? (
        <ConfirmEmailFirst email={loaderData.email} />
      ) : (
        <ListingForm mode="add" lastResult={lastResult} categories={loaderData.categories} currentYear={loaderData.currentYear} />
      )}
    </main>
  );
}

/** Why an unconfirmed seller cannot list yet, with the link sent again on request (from account settings). */
function ConfirmEmailFirst({ email }: { email: string }) {
  return (
    <section aria-labelledby="confirm-heading" className="max-w-xl rounded-2xl border border-amber-300 bg-amber-50 p-5 wrap-anywhere">
      <h2 id="confirm-heading" className="text-xl font-bold">
        {CONFIRM_EMAIL_TO_LIST}
      </h2>
      <p className="mt-2 text-slate-800">
        We sent a confirmation link to <strong>{email}</strong> when you signed up. Open it, then come back here to list your car. Listing
        needs a confirmed address so that nobody can sell cars under an address that is not theirs.
      </p>
      <Form method="post" action={PATHS.settings} className="mt-4">
        <button type="submit" name="intent" value="resend-verification" className={primaryButtonClass}>
          Send the link again
        </button>
      </Form>
    </section>
  );
}
