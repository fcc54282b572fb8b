import { Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, orPageError, redirectWithToast } from "~/.server/web/page-errors";
import { listCategories } from "~/.server/services/catalog/categories";
import { findOwnListing, updateListing } from "~/.server/services/catalog/seller-cars";
import { ListingForm } from "~/components/catalog/listing-form";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { photosFromForm, carEditFormSchema } from "~/lib/schemas/catalog";
import { fillFromVin } from "~/lib/catalog/vin";
import { type Route } from "./+types/edit-car";

export const meta: Route.MetaFunction = () => privatePageMeta("Edit a listing");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "update:car:own");
  const [car, categories] = await Promise.all([
    orPageError(() => findOwnListing(context.app, seller, params.id)),
    listCategories(context.app),
  ]);
  const photos = car.photos.map(({ url, smallUrl }) => ({ url, smallUrl }));
  return {
    sold: car.isPaid,
    currentYear: context.app.now().getUTCFullYear(),
    fixed: {
      productName: car.productName,
      categoryName: categories.find((category) => category._id === car.categoryId)?.categoryName ?? "",
      purchaseYear: car.purchaseYear,
      originalPrice: car.originalPrice,
    },
    photos,
    defaultValue: {
      resalePrice: String(car.resalePrice),
      location: car.location,
      condition: car.condition,
      mobile: car.mobile,
      productDescription: car.productDescription,
      make: car.make ?? "",
      model: car.model ?? "",
      mileageKm: car.mileageKm === null ? "" : String(car.mileageKm),
      transmission: car.transmission ?? "",
      fuel: car.fuel ?? "",
      colour: car.colour ?? "",
      vin: car.vin ?? "",
      images: photos.map((photo) => photo.url),
      smallImages: photos.map((photo) => photo.smallUrl ?? ""),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "update:car:own");
  const form = await readFormBody(request, { upload: true });
  fillFromVin(form, context.app.now().getUTCFullYear(), ["make"]);
  const submission = parseForm(form, carEditFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { photo, images, smallImages, ...changes } = submission.value;
  // The service refuses others' cars (403) and sold ones (409); the price history is its business.
  return formAnswer(submission, async () => {
    await updateListing(context.app, seller, params.id, { ...changes, photos: photosFromForm(images, smallImages) }, photo);
    return redirectWithToast(context.app, PATHS.myCars, { type: "success", message: "Listing updated" });
  });
}

export default function EditCar({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  const { sold, fixed, photos, defaultValue, currentYear } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Edit {fixed.productName}</h1>
      {sold ? (
        <div className="flex max-w-3xl flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <p className="font-semibold">This car is sold and cannot be changed.</p>
          <p>Sold cars stay as they were sold, for the records.</p>
          <Link to={PATHS.myCars} className="font-semibold text-brand-700 underline">
            Back to My Products
          </Link>
        </div>
      ) : (
        <ListingForm
          mode="edit"
          lastResult={lastResult}
          currentYear={currentYear}
          fixed={fixed}
          photos={photos}
          defaultValue={defaultValue}
        />
      )}
    </main>
  );
}
