import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { formAnswer, invalidForm, redirectWithToast } from "~/.server/page-errors";
import { addCategory } from "~/.server/services/categories";
import { Spinner } from "~/components/ui/spinner";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { PhotoInput } from "~/components/ui/photo-input";
import { privatePageMeta } from "~/lib/meta";
import { categoryFormSchema } from "~/lib/schemas/catalog";
import { useSchemaForm } from "~/lib/use-schema-form";
import { type Route } from "./+types/add-category";

export const meta: Route.MetaFunction = () => privatePageMeta("Add Category");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "create:category");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "create:category");
  const submission = parseForm(await readFormBody(request, { upload: true }), categoryFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  return formAnswer(submission, async () => {
    await addCategory(context.app, admin, submission.value.categoryName, submission.value.photo);
    return redirectWithToast(context.app, "/", { type: "success", message: "Service added successfully" });
  });
}

export default function AddCategory() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const [form, fields] = useSchemaForm(categoryFormSchema, { id: "add-category", lastResult });
  const submitting = navigation.state === "submitting";
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Add Category</h1>
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
    </main>
  );
}
