import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { formAnswer, invalidForm, redirectWithToast } from "~/.server/page-errors";
import { listCategories } from "~/.server/services/categories";
import { addProduct } from "~/.server/services/products";
import { Spinner } from "~/components/ui/spinner";
import { FormErrors, primaryButtonClass, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { PhotoInput } from "~/components/ui/photo-input";
import { privatePageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/paths";
import { CONDITIONS, LOCATIONS, productFormSchema } from "~/lib/schemas/catalog";
import { useSchemaForm } from "~/lib/use-schema-form";
import { type Route } from "./+types/add-product";

export const meta: Route.MetaFunction = () => privatePageMeta("Add a product");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "create:product");
  return { categories: await listCategories(context.app), currentYear: context.app.now().getUTCFullYear() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "create:product");
  const submission = parseForm(await readFormBody(request, { upload: true }), productFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { photo, ...fields } = submission.value;
  // A refusal brings the form back filled in; a photo problem shows under the photo field.
  return formAnswer(submission, async () => {
    await addProduct(context.app, seller, fields, photo);
    return redirectWithToast(context.app, PATHS.myProducts, { type: "success", message: "Product added successfully" });
  });
}

export default function AddProduct({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(productFormSchema, { id: "add-product", lastResult });
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const submitting = navigation.state === "submitting";
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Add a product</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid max-w-3xl gap-4 rounded-2xl border border-slate-200 bg-white p-6 md:grid-cols-2"
      >
        <div className="md:col-span-2">
          <TextField label="Product name" meta={fields.productName} />
        </div>
        <TextField label="Original price ($)" type="number" meta={fields.originalPrice} />
        <TextField label="Resale price ($)" type="number" meta={fields.resalePrice} />
        <SelectField
          label="Location"
          meta={fields.location}
          placeholder="Choose a location"
          options={LOCATIONS.map((value) => ({ value, label: value }))}
        />
        <SelectField
          label="Category"
          meta={fields.categoryId}
          placeholder="Choose a category"
          options={loaderData.categories.map((category) => ({ value: category._id, label: category.categoryName }))}
        />
        <SelectField
          label="Condition"
          meta={fields.condition}
          placeholder="Choose the condition"
          options={CONDITIONS.map((value) => ({ value, label: value }))}
        />
        <TextField label="Mobile number" type="tel" meta={fields.mobile} autoComplete="tel" />
        <TextField label={`Purchase year (1950–${loaderData.currentYear})`} type="number" meta={fields.purchaseYear} />
        <PhotoInput label="Photo" meta={fields.photo} onBusyChange={setPreparingPhoto} />
        <div className="md:col-span-2">
          <TextAreaField label="Product description" meta={fields.productDescription} />
        </div>
        <div className="md:col-span-2 flex flex-col gap-3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <button type="submit" className={primaryButtonClass} disabled={submitting || preparingPhoto}>
            {submitting && <Spinner label="Adding the product" />}
            Add Product
          </button>
        </div>
      </Form>
    </main>
  );
}
