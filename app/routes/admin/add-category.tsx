import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, formAnswer, invalidForm, redirectWithToast } from "~/.server/web/page-errors";
import { addCategory, deleteCategory, pageOfCategories, renameCategory } from "~/.server/services/catalog/categories";
import { Spinner } from "~/components/ui/spinner";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { FormErrors, TextField } from "~/components/ui/field";
import { ConfirmLink, confirmTarget } from "~/components/ui/paged-list";
import { PhotoInput } from "~/components/ui/photo-input";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { type ActionResult } from "~/lib/shared/action-result";
import { formatCars } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { categoryFormSchema, categoryRowFormSchema } from "~/lib/schemas/catalog";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/add-category";

export const meta: Route.MetaFunction = () => privatePageMeta("Add Category");

/** The add form, and every category (most cars for sale first, a page at a time) to rename or delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "create:category");
  const page = pageFromUrl(request.url);
  const list = await pageOfCategories(context.app, page);
  return { page, ...list, confirm: confirmTarget(request.url, list.categories, ["delete"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, { upload: true });
  if (form.has("intent")) return changeCategory(context.app, request, form);
  const admin = await requirePermission(context.app, request, "create:category");
  const submission = parseForm(form, categoryFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  return formAnswer(submission, async () => {
    await addCategory(context.app, admin, submission.value.categoryName, submission.value.photo);
    return redirectWithToast(context.app, "/", { type: "success", message: `Category added: ${submission.value.categoryName}` });
  });
}

/** A row's Rename or (confirmed) Delete. */
async function changeCategory(ctx: Route.ActionArgs["context"]["app"], request: Request, form: FormData) {
  const admin = await requirePermission(ctx, request, "manage:categories");
  const submission = parseForm(form, categoryRowFormSchema);
  if (submission.status !== "success") {
    return failedAction(Object.values(submission.error ?? {}).flat()[0] ?? "That action is not available");
  }
  const change = submission.value;
  return actionResult(async (): Promise<ActionResult> => {
    if (change.intent === "delete") {
      await deleteCategory(ctx, admin, change.id);
      return { ok: true, title: "Deleted!", message: "The category is deleted." };
    }
    const renamed = await renameCategory(ctx, admin, change.id, change.categoryName);
    return { ok: true, message: renamed ? `Renamed to ${change.categoryName}.` : `It is already called ${change.categoryName}.` };
  });
}

export default function AddCategory({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  // The add form's answer is Conform's reply; a row's is an ActionResult.
  const rowResult = answer && "ok" in answer ? answer : undefined;
  const addResult = answer && !("ok" in answer) ? answer : undefined;
  const [form, fields] = useSchemaForm(categoryFormSchema, { id: "add-category", lastResult: addResult });
  const submitting = navigation.state === "submitting";
  const { categories, confirm, page, totalPages, total } = loaderData;
  const cancel = new URLSearchParams(location.search);
  cancel.delete("confirm");
  return (
    <main id="main" className="flex flex-col gap-8">
      <section aria-labelledby="add-heading">
        <h1 id="add-heading" className="mb-6 text-3xl font-bold">
          Add Category
        </h1>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="flex max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <TextField label="Category Name" meta={fields.categoryName} />
          <PhotoInput label="Photo" meta={fields.photo} onBusyChange={setPreparingPhoto} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={submitting || preparingPhoto}>
            {submitting && <Spinner label="Adding the category" />}
            Add Category
          </Button>
        </Form>
      </section>

      <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
        <h2 id="categories-heading" className="text-2xl font-bold">
          {`Categories (${total})`}
        </h2>
        <ResultBanner result={rowResult} />
        {confirm && (
          <ConfirmPanel
            intent="delete"
            id={confirm.row._id}
            confirmLabel={`Yes, delete ${confirm.row.categoryName}`}
            cancelTo={`${location.pathname}?${cancel}`}
          />
        )}
        {categories.length === 0 ? (
          <p className="text-slate-600">{total === 0 ? "No categories yet." : "No categories on this page."}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {categories.map((category) => (
              <li key={category._id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
                <div>
                  <h3 className="text-lg font-semibold break-words">{category.categoryName}</h3>
                  <p className="text-slate-600">{`${formatCars(category.cars)} for sale`}</p>
                </div>
                <Form method="post" preventScrollReset className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="id" value={category._id} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <label htmlFor={`rename-${category._id}`} className="text-sm font-medium">
                      {`New name for ${category.categoryName}`}
                    </label>
                    <input
                      id={`rename-${category._id}`}
                      name="categoryName"
                      required
                      maxLength={60}
                      defaultValue={category.categoryName}
                      className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
                    />
                  </div>
                  <div className="flex gap-2">
                    <Button type="submit" name="intent" value="rename" variant="secondary">
                      Rename
                    </Button>
                    {/* Only a category without cars for sale can go; one with sold cars is refused with the reason. */}
                    {category.cars === 0 && (
                      <ConfirmLink
                        id={category._id}
                        intent="delete"
                        label={`Delete ${category.categoryName}`}
                        className={buttonClass({ variant: "danger" })}
                      >
                        Delete
                      </ConfirmLink>
                    )}
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <SimplePager page={page} totalPages={totalPages} label="Pages of categories" />
      </section>
    </main>
  );
}
