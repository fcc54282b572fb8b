import { Link, redirect, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { failedAction, formResult, orPageError, retryAfterHeaders } from "~/.server/web/page-errors";
import { startConversation } from "~/.server/services/messages/messages";
import { findCar } from "~/.server/services/catalog/cars";
import { MessageForm } from "~/components/messages/message-form";
import { formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { startConversationSchema } from "~/lib/schemas/messages";
import { type Route } from "./+types/message-seller";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Message the seller of ${data.car.productName}` : "Message the seller");
export const headers = retryAfterHeaders;

/** Writing to a car's seller: where the car page's form posts, and its page when a message is refused. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "start:conversation");
  return { car: await orPageError(() => findCar(context.app, params.id)) };
}

/** Starts (or reuses) the buyer's conversation about the car and opens it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "start:conversation");
  const formData = await readFormBody(request);
  formData.set("product_id", params.id);
  const submission = parseForm(formData, startConversationSchema);
  if (submission.status !== "success") return failedAction(submission.error?.text?.[0] ?? "Write a message");
  return formResult(async () => {
    const { conversationId } = await startConversation(context.app, user, submission.value);
    return redirect(pathTo(PATHS.messageThread, { id: conversationId }));
  }, {});
}

export default function MessageSellerPage({ loaderData }: Route.ComponentProps) {
  const { car } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Message the seller</h1>
      <p className="mb-6 break-words text-slate-700">
        About{" "}
        <Link to={pathTo(PATHS.car, { id: car._id })} className="font-semibold text-brand-700 underline">
          {car.productName}
        </Link>{" "}
        ({formatPrice(car.resalePrice)}), sold by {car.seller}.
      </p>
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <MessageForm id="message-seller" label={`Your message to ${car.seller}`} error={result?.message} />
      </div>
    </main>
  );
}
