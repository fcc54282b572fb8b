import { useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { formAnswer, invalidForm, redirectWithToast } from "~/.server/page-errors";
import { listCategories } from "~/.server/services/categories";
import { addProduct, createProduct } from "~/.server/services/products";
import { ListingForm } from "~/components/listing-form";
import { privatePageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/paths";
import { photosFromForm, productFormSchema } from "~/lib/schemas/catalog";
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
  const { photo, images, smallImages, ...fields } = submission.value;
  // A refusal brings the form back filled in; a photo problem shows under the photos.
  return formAnswer(submission, async () => {
    // Photos uploaded from the browser come as URLs; without JavaScript, one photo file.
    if (images?.length) await createProduct(context.app, seller, { ...fields, photos: photosFromForm(images, smallImages) });
    else await addProduct(context.app, seller, fields, photo!);
    return redirectWithToast(context.app, PATHS.myProducts, { type: "success", message: "Product added successfully" });
  });
}

export default function AddProduct({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Add a product</h1>
      <ListingForm mode="add" lastResult={lastResult} categories={loaderData.categories} currentYear={loaderData.currentYear} />
    </main>
  );
}
