import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, orPageError } from "~/.server/web/page-errors";
import { findCar } from "~/.server/services/catalog/cars";
import { createReport } from "~/.server/services/admin/reports";
import { ReportFields } from "~/components/admin/report-fields";
import { Button } from "~/components/ui/button";
import { privatePageMeta } from "~/lib/shared/meta";
import { reportFormSchema } from "~/lib/schemas/admin";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/report";

export const meta: Route.MetaFunction = () => privatePageMeta("Report this item");

/** Reporting a listing: the no-JavaScript page, and where the card's report dialog posts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "create:report");
  return { car: await orPageError(() => findCar(context.app, params.id)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "create:report");
  const formData = await readFormBody(request);
  formData.set("product_id", params.id);
  const submission = parseForm(formData, reportFormSchema);
  if (submission.status !== "success") {
    const problem = submission.error?.note ? "The note may have at most 500 characters, without control characters" : "Choose a reason";
    return failedAction(problem);
  }
  const { reason, note } = submission.value;
  return actionResult(async () => {
    await createReport(context.app, user, params.id, { reason, note });
    return { ok: true, message: "Report sent to admin" };
  });
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(reportFormSchema, { id: "report-page" });
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Report this item</h1>
      {result?.ok ? (
        <p role="status" className="rounded-2xl bg-white p-6 font-semibold">
          {result.message}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6">
          {result && (
            <p role="alert" className="font-medium text-red-700">
              {result.message}
            </p>
          )}
          <p>
            Tell our admins that <strong>{loaderData.car.productName}</strong> looks wrong (a scam, a wrong price or a car that is not
            there)?
          </p>
          <input type="hidden" name="product_id" value={loaderData.car._id} />
          <ReportFields fields={fields} />
          <Button type="submit">Report this item</Button>
        </Form>
      )}
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        Back to homepage
      </Link>
    </main>
  );
}
