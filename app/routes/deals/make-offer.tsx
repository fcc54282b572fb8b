import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { getSessionUser, requireUser } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, orPageError } from "~/.server/web/page-errors";
import { findCar } from "~/.server/services/catalog/cars";
import { makeOffer } from "~/.server/services/deals/offers";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field";
import { formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { loginUrl } from "~/lib/accounts/redirects";
import { lowestOffer, OFFERS_PER_CAR, offerSchema } from "~/lib/schemas/deals";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/make-offer";

// "Make an offer" from a car's page (and its phone bar): the form works without JavaScript.

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? `Make an offer on ${data.car.productName}` : "Make an offer");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [car, user] = await Promise.all([orPageError(() => findCar(context.app, params.id)), getSessionUser(context.app, request)]);
  return { car, signedIn: user !== null, lowest: lowestOffer(car.resalePrice) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context.app, request);
  const submission = parseForm(await readFormBody(request), offerSchema);
  if (submission.status !== "success") return invalidForm(submission);
  return formAnswer(submission, async () => {
    await makeOffer(context.app, user, params.id, submission.value);
    return { ...submission.reply({ resetForm: true }), sent: true };
  });
}

export default function MakeOfferPage({ loaderData }: Route.ComponentProps) {
  const { car, signedIn, lowest } = loaderData;
  const result = useActionData<typeof action>();
  const sent = !!result && "sent" in result;
  const [form, fields] = useSchemaForm(offerSchema, { id: "make-offer", lastResult: sent ? null : result });
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Make an offer on {car.productName}</h1>
      <p className="mb-4">
        Asking price: <strong>{formatPrice(car.resalePrice)}</strong>
      </p>
      <ul className="mb-6 list-disc pl-5 text-slate-700">
        <li>Offer at least {formatPrice(lowest)} (half the price) and less than the price.</li>
        <li>One offer on this car at a time, and {OFFERS_PER_CAR} at most.</li>
        <li>The seller has 48 hours to accept, counter or decline.</li>
        <li>An accepted offer is the price you pay, if you pay within 24 hours. Until then anyone may still buy the car at its price.</li>
      </ul>
      {!signedIn ? (
        <p className="rounded-2xl bg-white p-6">
          Please sign in to make an offer.{" "}
          <Link to={loginUrl(pathTo(PATHS.makeOffer, { id: car._id }))} className="font-semibold text-brand-700 underline">
            Sign In
          </Link>
        </p>
      ) : sent ? (
        <div role="status" className="rounded-2xl bg-green-50 p-6 text-green-900">
          <p className="font-bold">Offer sent. The seller has been told.</p>
          <ButtonLink to={PATHS.myOffers} variant="secondary" size="sm">
            See my offers
          </ButtonLink>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField label="Your offer in dollars" type="number" meta={fields.amount} />
          <TextAreaField label="Message to the seller (optional)" meta={fields.message} maxLength={500} rows={3} />
          <Button type="submit">Send the offer</Button>
        </Form>
      )}
    </main>
  );
}
